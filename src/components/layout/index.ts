export { Footer } from './footer';
export { Navbar } from './navbar';
export { PublicLayout } from './public-layout';

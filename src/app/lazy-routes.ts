import { lazy } from 'react';

/**
 * Each screen is its own chunk (see `routeModules` in paths.ts). The admin app is reachable only
 * through `AdminApp`, rendered only for administrators, so visitors never download it.
 */
export const LandingPage = lazy(() => import('../features/public/landing-page'));
export const AboutPage = lazy(() => import('../features/public/about-page'));
export const ServicesPage = lazy(() => import('../features/public/services-page'));
export const ServiceDetailPage = lazy(() => import('../features/public/service-detail-page'));
export const ContactPage = lazy(() => import('../features/public/contact-page'));
export const FaqsPage = lazy(() => import('../features/public/faqs-page'));
export const TermsPage = lazy(() => import('../features/public/terms-page'));
export const PrivacyPage = lazy(() => import('../features/public/privacy-page'));
export const SuccessPage = lazy(() => import('../features/public/success-page'));
export const NotFoundPage = lazy(() => import('../features/public/not-found-page'));
export const LoginPage = lazy(() => import('../features/account/login-page'));
export const RegisterPage = lazy(() => import('../features/account/register-page'));
export const ForgotPasswordPage = lazy(() => import('../features/account/forgot-password-page'));
export const ResetPasswordPage = lazy(() => import('../features/account/reset-password-page'));
export const ProfilePage = lazy(() => import('../features/account/profile-page'));
export const PropertiesPage = lazy(() => import('../features/booking/properties-page'));
export const PlaceOrderPage = lazy(() => import('../features/booking/place-order-page'));
export const MyOrdersPage = lazy(() => import('../features/orders/my-orders-page'));
export const ReceiptPage = lazy(() => import('../features/orders/receipt-page'));
export const AdminApp = lazy(() => import('../features/admin/admin-app'));

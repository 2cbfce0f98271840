import './service-picture.css';

/** A service's picture from the API; width and height are fixed so the card never jumps. */
export function ServicePicture({ src, name, eager = false }: { src: string; name: string; eager?: boolean }) {
  return (
    <img
      className="service-picture"
      src={src}
      alt={name}
      width={320}
      height={200}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

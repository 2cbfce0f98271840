import './service-picture.css';

/**
 * A service's picture from the API; width and height are fixed so the card never jumps. An eager
 * one is on the first screen (often the page's largest paint): it is fetched first and decoded at once.
 * In a prerendered page `src` is the picture itself, a `data:` URL (decision 068): nothing to fetch.
 */
export function ServicePicture({ src, name, eager = false }: { src: string; name: string; eager?: boolean }) {
  return (
    <img
      className="service-picture"
      src={src}
      alt={name}
      width={320}
      height={200}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding={eager ? 'auto' : 'async'}
    />
  );
}

import './skip-link.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header and menu. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to main content
    </a>
  );
}

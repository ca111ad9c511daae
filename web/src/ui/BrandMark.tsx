/**
 * The festival's mark in the header, drawn inline (the same drawing as public/icon.svg, the
 * favicon): index.html's shell draws the same SVG, so the header is whole in the very first
 * frame, without waiting for an image request, and React's header replaces it unchanged.
 */
export function BrandMark() {
  return (
    <svg className="brand-mark" width="32" height="32" viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="96" fill="#1b1530" />
      <path d="M160 136h192v48H216v52h120v46H216v56h136v48H160z" fill="#ffc914" />
      <circle cx="392" cy="392" r="28" fill="#e4572e" />
    </svg>
  );
}

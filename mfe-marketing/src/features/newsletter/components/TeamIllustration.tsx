/**
 * The spec's "team photo" beside the popup's form, drawn for the project (no external images): three figures at a
 * desk, decoration that says nothing the form does not, so hidden from assistive technology (an alt of "Our team at
 * work" promised a team that no one could recognise in it).
 */
export function TeamIllustration() {
  return (
    <svg viewBox="0 0 240 200" width="240" height="200" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="240" height="200" rx="16" fill="var(--color-surface-alt)" />
      <rect x="30" y="120" width="180" height="12" rx="6" fill="var(--color-primary)" />
      <circle cx="70" cy="78" r="18" fill="var(--color-accent)" />
      <rect x="50" y="98" width="40" height="24" rx="10" fill="var(--color-accent)" />
      <circle cx="120" cy="70" r="20" fill="var(--color-primary)" />
      <rect x="98" y="92" width="44" height="30" rx="12" fill="var(--color-primary)" />
      <circle cx="170" cy="78" r="18" fill="var(--color-highlight)" />
      <rect x="150" y="98" width="40" height="24" rx="10" fill="var(--color-highlight)" />
      <rect x="92" y="140" width="56" height="36" rx="4" fill="var(--color-ink)" />
      <rect x="98" y="146" width="44" height="24" rx="2" fill="var(--color-art1)" />
    </svg>
  );
}

// Before and after visuals for the three case studies, drawn for this site (ART-LICENSE.md). Each says in its
// alt text what it shows, so a screen reader hears the change the picture makes visible.
import styled from 'styled-components';
import before1 from './case-1-before.svg';
import after1 from './case-1-after.svg';
import before2 from './case-2-before.svg';
import after2 from './case-2-after.svg';
import before3 from './case-3-before.svg';
import after3 from './case-3-after.svg';

interface Picture {
  label: string;
  src: string;
}

const pairs: { before: Picture; after: Picture }[] = [
  {
    before: { label: 'Before: an outdated website with crowded, uneven blocks', src: before1 },
    after: { label: 'After: a clean, modern website with a clear booking button', src: after1 },
  },
  {
    before: { label: 'Before: an inbox of unanswered customer questions at night', src: before2 },
    after: { label: 'After: an AI agent answering customers instantly in a chat', src: after2 },
  },
  {
    before: { label: 'Before: a tilted phone snapshot of a product on a cluttered table', src: before3 },
    after: { label: 'After: a studio-quality packshot of the product on a clean pedestal', src: after3 },
  },
];

const Frame = styled.img`
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** The before and after pictures of case study number `index` (0-2), each tagged with a visible word. */
export function CaseBeforeAfter({ index }: { index: number }) {
  const pair = pairs[index];
  if (!pair) return null;
  return (
    <>
      <div>
        <Frame src={pair.before.src} width={160} height={120} alt={pair.before.label} />
        <span aria-hidden>Before</span>
      </div>
      <div>
        <Frame src={pair.after.src} width={160} height={120} alt={pair.after.label} />
        <span aria-hidden>After</span>
      </div>
    </>
  );
}

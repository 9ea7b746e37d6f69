// The marketing pages' pictures are files shown with <img>: sized before they load, and the ones that say
// something say it in their alt text, the same words as before they were files.
import { screen } from '@testing-library/react';
import { renderWithProviders } from 'shared-lib/testing';
import { CaseBeforeAfter } from '../case-art';
import { ClientMark } from '../client-marks';
import { HeroArt } from '../hero-art';
import { Portrait } from '../portraits';

it('shows a case study as two described pictures, before and after, each sized before it loads', () => {
  renderWithProviders(<CaseBeforeAfter index={1} />);
  const before = screen.getByRole('img', {
    name: 'Before: an inbox of unanswered customer questions at night',
  });
  const after = screen.getByRole('img', {
    name: 'After: an AI agent answering customers instantly in a chat',
  });
  for (const picture of [before, after]) {
    expect(picture).toHaveAttribute('width', '160');
    expect(picture).toHaveAttribute('height', '120');
  }
});

it('shows nothing for a case study it has no pictures of', () => {
  renderWithProviders(<CaseBeforeAfter index={3} />);
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
});

it("says a founder's portrait is an illustration of that founder", () => {
  renderWithProviders(<Portrait name="Marco Rossi" />);
  const portrait = screen.getByRole('img', { name: 'Illustrated portrait of Marco Rossi' });
  expect(portrait).toHaveAttribute('width', '120');
  expect(portrait).toHaveAttribute('height', '120');
});

it('keeps the decorative pictures out of the accessibility tree, yet sized', () => {
  renderWithProviders(
    <>
      <HeroArt />
      <ClientMark name="NORTHWIND" />
    </>,
  );
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
  const [hero, mark] = screen.getAllByRole('presentation');
  expect(hero).toHaveAttribute('alt', '');
  expect(hero).toHaveAttribute('width', '480');
  expect(mark).toHaveAttribute('alt', '');
  expect(mark).toHaveAttribute('height', '24');
});

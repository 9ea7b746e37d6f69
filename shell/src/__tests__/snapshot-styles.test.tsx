/* eslint-disable testing-library/no-node-access -- what is checked is the style elements in <head>, which Testing Library does not query */
// While the prerender snapshots a page, its styles are collected in styled-components' server format, which the
// live app in a visitor's browser takes over instead of generating them again (shell/src/app/snapshot-styles.tsx).
import { render, screen } from '@testing-library/react';
import styled from 'styled-components';
import { collectStylesForSnapshot } from '../app/snapshot-styles';

const Title = styled.h1`
  color: rebeccapurple;
`;

afterEach(() => {
  delete window.storefrontPrerender;
  document.head.innerHTML = '';
});

it('gives the prerender the page’s rules with the class names they were made for, in a tag the live app reads', () => {
  window.storefrontPrerender = {};
  render(collectStylesForSnapshot(<Title>Our Services</Title>));

  const tag = window.storefrontPrerender.styles!();
  const className = [...screen.getByRole('heading', { name: 'Our Services' }).classList].at(-1)!;
  expect(tag).toMatch(/^<style data-styled="true" data-styled-version="[\d.]+">/);
  expect(tag).toContain(`.${className}{color:rebeccapurple;}`);
  // The marker by which styled-components knows, when it starts, that this class name's rules are there already.
  expect(tag).toMatch(new RegExp(`data-styled\\.g\\d+\\[id="[\\w-]+"\\]\\{content:"${className},"\\}`));
});

it('leaves a visitor’s page rendering into the page’s own stylesheet', () => {
  const app = <Title>Our Services</Title>;
  expect(collectStylesForSnapshot(app)).toBe(app);
  render(app);
  expect(document.head.querySelector('style[data-styled="active"]')?.textContent).toContain(
    'color:rebeccapurple;',
  );
});

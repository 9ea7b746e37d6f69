import team from './team.svg';

/**
 * The spec's "team photo" beside the popup's form, drawn for the project (no external images): three figures at a
 * desk, decoration that says nothing the form does not, so an empty alt (an alt of "Our team at work" promised a
 * team that no one could recognise in it).
 */
export function TeamIllustration() {
  return <img src={team} width={240} height={200} alt="" />;
}

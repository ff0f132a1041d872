import { Fragment } from 'react';

/**
 * Where an address may wrap: after `@` and `/`, before `.`, `-` and `_` (the usual places to break
 * an e-mail or a web address), so a narrow column wraps it there instead of letter by letter.
 */
export function breakPoints(text: string): string[] {
  return text.split(/(?<=[@/])|(?=[._-])/).filter((part) => part !== '');
}

/** An e-mail or web address with `<wbr>` break opportunities at its natural points. */
export function BreakableText({ text }: { text: string }) {
  return (
    <>
      {breakPoints(text).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

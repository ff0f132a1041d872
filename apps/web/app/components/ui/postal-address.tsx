/** A postal address from the site configuration, one line per row, without the browser's italics. */
export function PostalAddress({ lines }: { lines: readonly string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

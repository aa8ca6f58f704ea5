import { FormattedMessage } from 'react-intl';

/** The reference's home: a heading (its largest contentful element) and a paragraph. */
export function Home() {
  return (
    <main style={{ padding: 16 }}>
      <h1 style={{ fontSize: 40, margin: '24px 0', minHeight: 200 }}>
        <FormattedMessage id="home.title" />
      </h1>
      <p>
        <FormattedMessage id="home.text" />
      </p>
    </main>
  );
}

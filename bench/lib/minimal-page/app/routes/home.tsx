export const meta = () => [{ title: 'Baseline' }, { name: 'description', content: 'A minimal React Router page' }];

/** A page with no loader: what any React Router page costs to serve. */
export default function Home() {
  return (
    <main>
      <h1>Baseline</h1>
      <p>A minimal React Router page, rendered on the server.</p>
    </main>
  );
}

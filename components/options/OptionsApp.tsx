export function OptionsApp() {
  return (
    <main class="options">
      <h1>Onchain Lens settings</h1>
    </main>
  );
}

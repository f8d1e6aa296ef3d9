export function PopupApp() {
  return (
    <main class="popup">
      <h1>Onchain Lens</h1>
      <input type="search" aria-label="Search" placeholder="Wallet, mint, order, URL or event" />
    </main>
  );
}

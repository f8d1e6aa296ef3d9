import { defineWebExtConfig } from 'wxt';

// Headless machines have no browser window to open; `npm run demo` launches Chromium itself.
export default defineWebExtConfig({ disabled: true });

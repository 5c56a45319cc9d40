// The compiled catalogues the Vite plugin in vite.config.ts serves (src/web/i18n/catalogue.ts).
declare module 'virtual:catalogue/*' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}

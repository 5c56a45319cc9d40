// What `import … from 'zod'` means in the browser build: vite.config.ts points the bare name
// here, so zod is configured before any schema module that imports it is evaluated, in whichever
// lazy chunk zod lands (docs/decisions/0085: the landing page loads no zod at all).
//
// Zod compiles fast object parsers with `new Function` unless told not to; the server's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids that, and Chromium
// reports even zod's caught probe as a violation.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };

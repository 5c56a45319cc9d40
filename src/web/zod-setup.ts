import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` unless told not to; the server's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids that, and Chromium
// reports even zod's caught probe as a violation. Imported first by main.tsx, before any
// schema is built.
z.config({ jitless: true });

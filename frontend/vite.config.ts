import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

// A build is always a production build: Vitest sets NODE_ENV=test, and the e2e project's global setup
// builds the app from inside Vitest, which would otherwise ship React's development bundle.
if (process.argv.includes('build') && process.env.NODE_ENV !== 'production') {
  process.env.NODE_ENV = 'production';
}
const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000';

// Shared contracts are imported as `#contracts/*` (package.json "imports"), which Vite and TypeScript both
// resolve from the root package.json, so no alias is needed for them.
export default defineConfig({
  root: frontendRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(
      // the runtime config, the local auth stand-in and uploaded media come from the local cloud too
      ['/api', '/cloud', '/websites', '/website-domains', '/app-config.json', '/local-auth', '/media'].map(
        (prefix) => [prefix, apiTarget],
      ),
    ),
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs beside Vite (scripts/dev.ts) and is reached through this proxy,
// so the SPA keeps its default same-origin base URL `/api`.
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/test-payments': `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      // The UI kit is imported through its barrel (src/components/ui/index.ts). Its components are
      // free of side effects, so a chunk that uses none of, say, Select does not load select.tsx
      // (or its CSS): the landing page then stays within its JS budget (issue 6).
      treeshake: { moduleSideEffects: [{ test: /\/src\/components\/ui\/[^/]+\.tsx?$/, sideEffects: false }] },
    },
  },
});

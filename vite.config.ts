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
  },
});

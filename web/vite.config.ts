import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { shopWords } from './shopWords';

// The FastAPI backend; SELLFLOW_API_URL overrides it (e.g. a second stack on another port).
const backend = process.env.SELLFLOW_API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  base: '/',
  plugins: [react(), shopWords()],
  server: {
    proxy: {
      '/v1': { target: backend, changeOrigin: true },
      '/openapi.json': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: backend, changeOrigin: true },
      '/openapi.json': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});

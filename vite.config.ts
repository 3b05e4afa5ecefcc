import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The icons the pages use, bundled into the server build: Node would otherwise load lucide-react's
  // single CommonJS file of every icon (about 1 MB) at each start.
  ssr: { noExternal: ['lucide-react'] },
});

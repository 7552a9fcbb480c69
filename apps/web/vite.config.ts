import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Every service prefix of protocol.md plus the process-level calls; one server answers them all in development. */
const SERVER_PREFIXES = [
  '/analysis/api',
  '/schoolbase/api',
  '/mark/api',
  '/tool/api',
  '/cg_exam_szy',
  '/subdata/api',
  '/tiku/api',
  '/app-config',
  '/healthz',
  // Signed links of stored files (the tool service's page images, PDFs and attachments).
  '/files/',
];
const DEV_SERVER_TARGET = 'http://localhost:8080';

/**
 * antd's list, picker and data-entry components (Table with its pagination and filters, Select,
 * DatePicker, InputNumber …): only the signed-in areas use them, so the login page does not
 * download them.
 */
const DATA_COMPONENTS = new RegExp(
  'node_modules/(' +
    'antd/es/(table|date-picker|calendar|tree|pagination|descriptions|select|dropdown|checkbox|radio|input-number|switch|skeleton|badge|popconfirm)/' +
    '|@rc-component/(table|picker|tree|pagination|select|virtual-list|checkbox|input-number|mini-decimal|switch|dropdown)/' +
    '|dayjs/plugin/)',
);

/**
 * Vendor code goes to stable chunks so an area release does not bust the cache of React and antd.
 * The areas (teacher, student, school) and the auth pages are split by the route table's lazy imports.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'vendor-react';
  // Their locale files stay with antd: the app-wide zh_CN locale imports them.
  if (DATA_COMPONENTS.test(id) && !id.includes('/locale/')) return 'vendor-antd-data';
  // dayjs itself (and its zh-cn locale) is set up by main.tsx for the whole app.
  if (/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+|dayjs)\//.test(id)) return 'vendor-antd';
  return undefined;
}

/**
 * The built bundle carries no key: the server writes its APP_KEY into the page it serves
 * (platform/static-web.ts). The dev server's page gets the same tag from the same setting, so
 * `APP_KEY=… npm run dev` works too; without it both sides use the development default.
 */
function appKeyInDevPage(): Plugin {
  return {
    name: 'app-key-in-dev-page',
    apply: 'serve',
    transformIndexHtml: () =>
      process.env.APP_KEY
        ? [{ tag: 'meta', attrs: { name: 'app-key', content: process.env.APP_KEY }, injectTo: 'head' }]
        : [],
  };
}

export default defineConfig(({ command }) => {
  // A build is always a production bundle, even when started from a process that set NODE_ENV=test
  // (the browser tests build the app from inside vitest); otherwise React's development build ships.
  // Vite reads NODE_ENV after loading this file, which is why it is set here.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), appKeyInDevPage()],
    build: {
      outDir: 'dist',
      // antd is two cacheable vendor chunks: ~850 kB (≈270 kB gzip) for every page, ~390 kB for the data
      // screens (DATA_COMPONENTS); that is expected, not a missed split. ExcelJS (~930 kB) is its own
      // chunk, fetched only when a report table is exported in the browser.
      chunkSizeWarningLimit: 950,
      rolldownOptions: { output: { manualChunks: vendorChunk } },
    },
    server: {
      port: 5173,
      proxy: Object.fromEntries(SERVER_PREFIXES.map((prefix) => [prefix, { target: DEV_SERVER_TARGET }])),
    },
  };
});

/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The server's APP_KEY (32 characters), baked in at build time; see lib/app-key.ts. */
  readonly VITE_APP_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

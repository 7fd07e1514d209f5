/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; empty means the same origin that served the app. */
  readonly VITE_API_BASE?: string;
}

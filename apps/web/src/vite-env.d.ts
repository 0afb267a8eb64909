/// <reference types="vite/client" />

/** Id of this build, defined by the `stellwerk-build-info` plugin in vite.config.ts. */
declare const __BUILD_ID__: string;

// electron-vite's import suffixes for the main process (`?modulePath`: a separately bundled file's path).
/// <reference types="electron-vite/node" />

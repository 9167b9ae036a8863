// The embedded database's folder exists but PGlite cannot open it (damaged, or not PGlite's). Its
// own module: main.ts tells it apart without loading PGlite, which an api instance never loads.
export class DatabaseUnreadable extends Error {}

export { startServer, type RunningServer, type StartServerOptions } from './start-server.js';

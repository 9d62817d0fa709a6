// Type declarations for the parts of http-server (v14) the local server uses; the package ships none.
declare module 'http-server' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';
  export interface HttpServerOptions {
    root?: string;
    cache?: number;
    showDir?: string;
    autoIndex?: string;
    before?: ((req: IncomingMessage, res: ServerResponse) => void)[];
  }
  export interface HttpServer {
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(): void;
  }
  const httpServer: { createServer(options: HttpServerOptions): HttpServer };
  export default httpServer;
}

// A client that POSTs a large body to the local server, for the tests and the bench that watch how the server treats it.
import { connect } from 'node:net';

/**
 * Sends a body of `bytes` with the request, honouring back-pressure, until everything is sent or the server closes
 * the connection; resolves with the answer's status and the bytes the client got to send.
 */
export function postLarge(
  port: number,
  bytes: number,
  localAddress: string,
): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const chunk = Buffer.alloc(1 << 16, 120);
    let sent = 0;
    let status = 0;
    socket.on('data', (data: Buffer) => {
      status ||= Number(data.toString('latin1').split(' ')[1]);
    });
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      socket.end();
      socket.once('finish', () => socket.destroy());
    };
    socket.on('connect', () => {
      socket.write(`POST /api/v1 HTTP/1.1\r\nHost: x\r\nContent-Length: ${bytes}\r\n\r\n`);
      pump();
    });
    // The server may close the connection while the body still flows: after its answer, that is the point.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      status && ['EPIPE', 'ECONNRESET'].includes(error.code ?? '') ? resolve({ status, sent }) : reject(error),
    );
    socket.on('close', () => resolve({ status, sent }));
  });
}

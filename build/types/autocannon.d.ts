// Type declarations for the parts of autocannon (the benchmark's load generator) that tests/bench uses; it ships none.
declare module 'autocannon' {
  interface Result {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
  }
  function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    requests: { method: string; path: string }[];
  }): Promise<Result>;
  export default autocannon;
}

// Loopback load for the page benches: keep-alive GETs from this process with Node's own
// http.Agent, every body read to the end, as a browser asks (Accept-Encoding gzip, deflate, br).
// One event loop is far lighter than the servers it measures (decision 0402).
import http from 'node:http';

export interface LoadResult {
  latencies: number[];
  errors: number;
  elapsedMs: number;
}

function get(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'vi' } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

export async function load(url: URL, forMs: number, connections: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + forMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const status = await get(agent, url);
        if (status === 200) latencies.push(performance.now() - sent);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { latencies, errors, elapsedMs };
}

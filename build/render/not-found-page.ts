// The site's 404 page (public/404.html): what a browser gets for a path outside the API that names no file.
// API paths never show it: every server answers a missing API document with the JSON not_found error instead.
import { layout } from './layout.ts';

/** A plain page, typed as the page it is, that points a reader at the reference page, the explorer and the API. */
export function notFoundPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not found</title>
<link rel="stylesheet" href="/${layout.referenceStyle()}">
</head>
<body>
<h1>Not found</h1>
<p>No page or file has this address.</p>
<p>The API reference is at <a href="/">/</a>, the explorer at <a href="/explore/">/explore/</a>, and the API itself under
<a href="/api/v1">/api/v1</a>, where a missing document is answered with the JSON error <code>{"error":"not_found"}</code>.</p>
</body>
</html>
`;
}

/**
 * Chromium's request headers, above all `Accept-Encoding`: without
 * it a benchmark measures uncompressed answers no browser asks for.
 */
const CHROMIUM_COMMON = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en-US;q=0.9,en;q=0.8',
  'sec-ch-ua': '"Not)A;Brand";v="8", "Chromium";v="138"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
}

export const PAGE_HEADERS: Record<string, string> = {
  ...CHROMIUM_COMMON,
  accept:
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,' +
    'application/signed-exchange;v=b3;q=0.7',
  'cache-control': 'max-age=0',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
  'sec-fetch-user': '?1',
  'upgrade-insecure-requests': '1',
}

export const FETCH_HEADERS: Record<string, string> = {
  ...CHROMIUM_COMMON,
  accept: '*/*',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
}

export const browserHeaders = (path: string) => (path.startsWith('/api/') ? FETCH_HEADERS : PAGE_HEADERS)

await import('./server.mjs').catch(() => {})

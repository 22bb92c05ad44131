/** Where a device reaches this server: the address the employer's browser uses for it. */
export function serverAddress(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'>) {
  const port = location.port || (location.protocol === 'https:' ? '443' : '80');
  return { origin: location.origin, host: location.hostname, port };
}

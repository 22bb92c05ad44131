/**
 * Every route of the ZKTeco push protocol (`/iclock/*`), each with its `.aspx` twin, and the
 * catch-all that answers unknown endpoints: plain text, no JSON, authenticated by the serial.
 */
export const ICLOCK_ROUTES = [
  'GET /iclock/cdata',
  'POST /iclock/cdata',
  'GET /iclock/getrequest',
  'POST /iclock/devicecmd',
  'GET /iclock/ping',
  'POST /iclock/registry',
  'GET /iclock/push',
  'POST /iclock/push',
  'GET /iclock/rtdata',
  'POST /iclock/querydata',
  'GET /iclock/exchange',
  'POST /iclock/exchange',
  'POST /iclock/fdata',
  'GET /iclock/fdata',
]
  .flatMap((key) => [key, `${key}.aspx`])
  .concat(['GET /iclock/*', 'POST /iclock/*']);

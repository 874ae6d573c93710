import { describe, expect, it } from 'vitest';
import { keepBody, showBody } from './journal-body';
import { maskForm, maskHeaders, maskJson, maskJsonText, maskMultipart, maskUrl } from './mask';

const SID = 'ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789';

describe('masking', () => {
  it('headers: Authorization keeps the first 8 characters of a session id; cookies and tokens go', () => {
    expect(maskHeaders({ authorization: `Bearer ${SID}`, cookie: 'a=b', 'x-sim-control-token': 't', accept: 'application/json', location: 'http://x/cb?code=abc&state=s' })).toEqual({
      authorization: 'Bearer ABCDEF01***', cookie: '***', 'x-sim-control-token': '***', accept: 'application/json', location: 'http://x/cb?code=***&state=s',
    });
    expect(maskHeaders({ authorization: 'short' })).toEqual({ authorization: '***' });
  });

  it('forms, URLs, multipart text parts', () => {
    expect(maskForm('username=a%40b&password=P%40ss&client_id=x')).toBe('username=a%40b&password=***&client_id=x');
    expect(maskUrl('/api?auth=tok&ext_ns=sfdc')).toBe('/api?auth=***&ext_ns=sfdc');
    expect(maskMultipart('--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nsecret\r\n--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nkeep\r\n--b--'))
      .toBe('--b\r\nContent-Disposition: form-data; name="password"\r\n\r\n***\r\n--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nkeep\r\n--b--');
  });

  it('JSON, as text (also cut) and as values, at any depth; masking twice changes nothing', () => {
    const text = `{"sessionId":"${SID}","nested":[{"access_token":"eyJ.x.y","n":1}],"password" : "p\\"w","code":1234}`;
    const masked = maskJsonText(text);
    expect(JSON.parse(masked)).toEqual({ sessionId: 'ABCDEF01***', nested: [{ access_token: '***', n: 1 }], password: '***', code: '***' });
    expect(maskJsonText(masked)).toBe(masked);
    expect(maskJson(JSON.parse(masked))).toEqual(JSON.parse(masked));
    expect(maskJsonText(`{"sessionId":"${SID}","rest":"cut her`)).toBe('{"sessionId":"ABCDEF01***","rest":"cut her');
    expect(maskJson({ a: { password: 'x' }, b: [{ token: 'y' }] })).toEqual({ a: { password: '***' }, b: [{ token: '***' }] });
  });

  it('kept bodies: JSON shown as its value, text as text, bytes described, cut bodies noted', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    expect(showBody(keepBody('application/json;charset=UTF-8', enc(`{"sessionId":"${SID}"}`)))).toEqual({ sessionId: 'ABCDEF01***' });
    expect(showBody(keepBody('text/plain', enc('hello')))).toBe('hello');
    expect(showBody(keepBody('application/pdf', undefined, 1234))).toBe('[1234 bytes, application/pdf]');
    expect(showBody(keepBody('application/json', enc('{"a":'), 70_000))).toBe('{"a":… [70000 bytes in all]');
    expect(showBody(keepBody(undefined, undefined, 0))).toBeNull();
  });
});

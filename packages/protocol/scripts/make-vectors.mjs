// Writes test-vectors/protocol-vectors.json with Node's own crypto, an implementation
// independent of src/, so the vectors check the package rather than echo it.
// Run: node packages/protocol/scripts/make-vectors.mjs
import { createCipheriv, createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const md5 = (text) => createHash('md5').update(text, 'utf8').digest('hex');
const aes = (text, key) => {
  const cipher = createCipheriv('aes-256-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('hex');
};

const appKey = 'HuiKaoCloudDevAppKey0123456789ab';
const sessionToken = '9f1c2e3d4b5a69788796a5b4c3d2e1f0';
const jwtToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.vector-only';

const encrypted = [
  {
    name: 'login before session (app key, empty loginName)',
    key: appKey,
    loginName: '',
    jwtToken: null,
    guid: '3b241101-e2bb-4255-8caf-4136c566a962',
    timestamp: 1795000000000,
    params: { loginName: 'teacher01', password: 'Huikao@2026' },
  },
  {
    name: 'call with session token and Chinese text',
    key: sessionToken,
    loginName: 'teacher01',
    jwtToken,
    guid: '6f9619ff-8b86-4011-b42d-00c04fc964ff',
    timestamp: 1795000123456,
    params: { schoolId: 'S0001', userCode: 'T0001', type: 1, oldPsw: 'Huikao@2026', newPsw: '新密码Aa1!2026' },
  },
  {
    name: 'empty params (exactly one padding block)',
    key: sessionToken,
    loginName: 'admin01',
    jwtToken,
    guid: 'a8098c1a-f86e-41a6-a0d6-6b8e2a4b3f11',
    timestamp: 1795000999999,
    params: {},
  },
  {
    name: 'long params over several blocks',
    key: sessionToken,
    loginName: 'manager01',
    jwtToken,
    guid: 'c9bf9e57-1685-4c89-bafb-ff5af830be8a',
    timestamp: 1795001000000,
    params: { schoolIds: ['S0001', 'S0002', 'S0003', 'S0004'], note: '区域联考成绩对比，四校八年级数学' },
  },
].map((v) => {
  const plaintext = JSON.stringify(v.params);
  const body = aes(plaintext, v.key);
  return { ...v, plaintext, body, sign: md5(body + v.loginName + v.guid + v.timestamp) };
});

const form = [
  {
    name: 'question search',
    loginName: 'teacher01',
    jwtToken,
    guid: '16fd2706-8baf-433b-82eb-8c7fada847da',
    timestamp: 1795002000000,
    params: { courseId: '3', questionTypeId: '0', currentPage: 1, pageSize: 10, keyword: '二次函数' },
  },
  {
    name: 'basket add',
    loginName: 'teacher01',
    jwtToken,
    guid: '886313e1-3b8a-4372-9b90-0c9aee199e5d',
    timestamp: 1795002000500,
    params: { courseId: '3', quesId: 'Q100', name: '选择题' },
  },
].map((v) => {
  const uuid = Buffer.from(JSON.stringify(v.params), 'utf8').toString('base64');
  return { ...v, uuid, sign: md5(uuid + v.loginName + v.guid + v.timestamp) };
});

const out = new URL('../test-vectors/protocol-vectors.json', import.meta.url);
writeFileSync(out, `${JSON.stringify({ appKey, sessionToken, encrypted, form }, null, 2)}\n`);
console.log(`wrote ${encrypted.length} encrypted and ${form.length} form vectors to ${out.pathname}`);

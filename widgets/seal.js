// Sealed answers: how an exercise's page data says right or wrong without holding the answers
// as plain data (rulesbook.lessons.data, seal() and unseal(), writes and reads the same form).
//
// What a click on a place of an exercise leads to (a refusal, or the target with what the find
// says) is JSON, XORed with a stream of SHA-256 blocks keyed by the exercise's salt and that
// place, in base64: the page learns it only for the place clicked. A hint's clue is sealed by the
// tag of its answer, a hash of the place that does not give the place's own key. This keeps the
// answers out of the page source; it is not a lock against a reader who runs the hash over every
// place.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const rotate = (x, n) => (x >>> n) | (x << (32 - n));

/** SHA-256 of a text's UTF-8 bytes, as 32 bytes (FIPS 180-4). */
export function sha256(text) {
  const bytes = new TextEncoder().encode(text);
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const padded = new Uint8Array(length);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(length - 4, (bytes.length * 8) >>> 0);
  const hash = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let block = 0; block < length; block += 64) {
    for (let i = 0; i < 16; i += 1) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i += 1) {
      const s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, b, c, d, e, f, g, h] = hash;
    for (let i = 0; i < 64; i += 1) {
      const t1 = h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
      const t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, h].forEach((value, i) => { hash[i] = (hash[i] + value) >>> 0; });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  hash.forEach((value, i) => outView.setUint32(i * 4, value));
  return out;
}

/** The tag that names an answer's place among the clues (rulesbook.lessons.data.answer_tag). */
export function answerTag(salt, place) {
  return Array.from(sha256(`${salt}|tag|${place}`).slice(0, 6), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What was sealed under `key` (rulesbook.lessons.data.seal), as JSON. Data that does not open
 * throws (the board's guard says so on the board and logs it). */
export function unseal(sealed, key) {
  const bytes = Uint8Array.from(atob(sealed), (char) => char.charCodeAt(0));
  for (let block = 0; block * 32 < bytes.length; block += 1) {
    const stream = sha256(`${key}#${block}`);
    for (let i = 0; i < 32 && block * 32 + i < bytes.length; i += 1) bytes[block * 32 + i] ^= stream[i];
  }
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}

/** The key of the entry of `place` in an exercise's option (rulesbook.lessons.data.entry_key). */
export const entryKey = (salt, place) => `${salt}|entry|${place}`;

/** The key of the clue of the answer tagged `tag` (rulesbook.lessons.data.clue_key). */
export const clueKey = (salt, tag) => `${salt}|clue|${tag}`;

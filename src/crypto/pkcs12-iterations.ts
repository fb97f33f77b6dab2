// The key-derivation iteration counts a PKCS#12 file asks for, read from its ASN.1 before any key is derived: the
// MAC's (MacData.iterations) and those of every PBE/PBES2 algorithm visible without decrypting (the encrypted
// certificate bags' and the shrouded key bags' of plain SafeContents). Deriving with a count chosen by the uploader
// is work the uploader chooses; src/crypto/certificates.ts refuses counts above its cap before deriving.
//
//   PFX ::= SEQUENCE { version, authSafe ContentInfo, macData SEQUENCE { mac, macSalt, iterations INTEGER } }
//   AuthenticatedSafe ::= SEQUENCE OF ContentInfo (data → SafeContents; encryptedData → algorithm + ciphertext)
//   PBES2 params ::= SEQUENCE { SEQUENCE { pbkdf2 OID, SEQUENCE { salt, iterationCount, … } }, encryptionScheme }
//   PKCS#12 PBE / PBES1 params ::= SEQUENCE { salt, iterations }
import forge from 'node-forge';

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_ENCRYPTED_DATA = '1.2.840.113549.1.7.6';
const OID_PBES2 = '1.2.840.113549.1.5.13';
const OID_SHROUDED_KEY_BAG = '1.2.840.113549.1.12.10.1.2';

type Asn1 = forge.asn1.Asn1;

function children(node: Asn1 | undefined): Asn1[] {
  return node && Array.isArray(node.value) ? node.value : [];
}

function oidOf(node: Asn1 | undefined): string | null {
  return node && node.type === forge.asn1.Type.OID && typeof node.value === 'string'
    ? forge.asn1.derToOid(node.value)
    : null;
}

/** An INTEGER as a number (a count too long for 6 bytes is as good as infinite). */
function integerOf(node: Asn1 | undefined): number | null {
  if (!node || node.type !== forge.asn1.Type.INTEGER || typeof node.value !== 'string') return null;
  if (node.value.length > 6) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (const byte of node.value) n = n * 256 + byte.charCodeAt(0);
  return n;
}

/** The bytes of an OCTET STRING, primitive or constructed (BER pieces). */
function octetsOf(node: Asn1 | undefined): string {
  if (!node) return '';
  if (typeof node.value === 'string') return node.value;
  return children(node).map(octetsOf).join('');
}

/** [0] EXPLICIT content of a ContentInfo. */
function explicitContent(contentInfo: Asn1): Asn1 | undefined {
  return children(children(contentInfo)[1])[0];
}

function algorithmIterations(algorithm: Asn1 | undefined): number | null {
  const [oid, params] = children(algorithm);
  if (oidOf(oid) === OID_PBES2) {
    const kdfParams = children(children(params)[0])[1];
    return integerOf(children(kdfParams)[1]);
  }
  return integerOf(children(params)[1]);
}

function safeContentsIterations(der: string): number[] {
  const counts: number[] = [];
  for (const bag of children(forge.asn1.fromDer(der))) {
    const [bagId, bagValue] = children(bag);
    if (oidOf(bagId) !== OID_SHROUDED_KEY_BAG) continue;
    const encryptedKeyInfo = children(bagValue)[0];
    const count = algorithmIterations(children(encryptedKeyInfo)[0]);
    if (count !== null) counts.push(count);
  }
  return counts;
}

/** Every iteration count the PFX declares where it can be read without a password; [] if the layout is unexpected. */
export function pkcs12IterationCounts(pfx: Asn1): number[] {
  const [, authSafe, macData] = children(pfx);
  const counts: number[] = [];
  // MacData.iterations defaults to 1 when absent.
  if (macData) counts.push(integerOf(children(macData)[2]) ?? 1);
  const authenticatedSafe = forge.asn1.fromDer(octetsOf(explicitContent(authSafe)));
  for (const contentInfo of children(authenticatedSafe)) {
    const type = oidOf(children(contentInfo)[0]);
    if (type === OID_DATA) {
      counts.push(...safeContentsIterations(octetsOf(explicitContent(contentInfo))));
    } else if (type === OID_ENCRYPTED_DATA) {
      const encryptedContentInfo = children(explicitContent(contentInfo))[1];
      const count = algorithmIterations(children(encryptedContentInfo)[1]);
      if (count !== null) counts.push(count);
    }
  }
  return counts;
}

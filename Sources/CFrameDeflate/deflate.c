// A single-pass deflate for PNG frames (RFC 1951: https://www.rfc-editor.org/rfc/rfc1951).
// The header says what it is for; here, how: greedy LZ77 over a one-entry-per-hash table,
// tokens gathered a block at a time, then each block written with Huffman codes made from its
// own counts (or stored, if that is smaller).
#include "CFrameDeflate.h"
#include <stdlib.h>
#include <string.h>

enum {
    HASH_BITS = 14,
    WINDOW = 32768,
    MIN_MATCH = 3,      // an RGB pixel
    MAX_MATCH = 258,
    BLOCK_TOKENS = 1 << 16,
    LITLEN_CODES = 286,
    DIST_CODES = 30,
    CODELEN_CODES = 19,
};

static const uint16_t lengthBase[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t lengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distBase[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                      513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                      8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The order in which a dynamic block sends its code-length code's lengths (RFC 1951, 3.2.7).
static const uint8_t codeLengthOrder[CODELEN_CODES] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

typedef struct {
    uint8_t *out;
    uint64_t bits;
    unsigned count;
} BitWriter;

static inline void put(BitWriter *w, uint64_t value, unsigned n) {
    w->bits |= value << w->count;
    w->count += n;
    if (w->count >= 32) {
        uint32_t word = (uint32_t)w->bits;
        w->out[0] = (uint8_t)word; w->out[1] = (uint8_t)(word >> 8);
        w->out[2] = (uint8_t)(word >> 16); w->out[3] = (uint8_t)(word >> 24);
        w->out += 4;
        w->bits >>= 32;
        w->count -= 32;
    }
}

/// Writes out the whole bytes held, padding the last with zero bits.
static void alignToByte(BitWriter *w) {
    while (w->count > 0) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->bits = 0;
}

typedef struct {
    uint32_t tokens[BLOCK_TOKENS];  // a literal byte, or (length << 16) | (distance - 1)
    uint32_t count;
    uint32_t table[1 << HASH_BITS]; // position + 1 of the last four bytes with each hash; 0 = none
    uint8_t lengthSymbol[MAX_MATCH + 1];
    uint8_t distSymbolLow[256], distSymbolHigh[256];
    BitWriter writer;
    const uint8_t *input;
    size_t length;
    size_t blockStart;              // where in the input the tokens of this block begin
} Deflater;

static inline unsigned distSymbol(const Deflater *d, unsigned distMinus1) {
    return distMinus1 < 256 ? d->distSymbolLow[distMinus1] : d->distSymbolHigh[distMinus1 >> 7];
}

// ---- Huffman code lengths ----

typedef struct { uint32_t key; uint16_t symbol; } SymbolCount;

static int byCountThenSymbol(const void *a, const void *b) {
    const SymbolCount *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return (int)x->symbol - (int)y->symbol;
}

/// Code lengths of at most `maxLength` bits for `n` symbols' counts: minimum-redundancy lengths
/// computed in place (Moffat and Katajainen, "In-place calculation of minimum-redundancy codes",
/// 1995), then the longest shortened as zlib and miniz do, keeping the Kraft sum exactly 1. A code
/// always has at least two symbols, so every code is complete (one used symbol gets a partner).
static void codeLengths(const uint32_t *counts, int n, int maxLength, uint8_t *lengths) {
    SymbolCount a[LITLEN_CODES];
    int used = 0;
    memset(lengths, 0, (size_t)n);
    for (int s = 0; s < n; s++)
        if (counts[s]) { a[used].key = counts[s]; a[used].symbol = (uint16_t)s; used++; }
    if (used < 2) {
        int first = used == 1 ? a[0].symbol : 0;
        lengths[first] = 1;
        lengths[first == 0 ? 1 : 0] = 1;
        return;
    }
    qsort(a, (size_t)used, sizeof a[0], byCountThenSymbol);

    // Phase 1: parents' weights, each internal node's key becomes its parent's index.
    int root = 0, leaf = 2, next;
    a[0].key += a[1].key;
    for (next = 1; next < used - 1; next++) {
        if (leaf >= used || a[root].key < a[leaf].key) { a[next].key = a[root].key; a[root++].key = (uint32_t)next; }
        else a[next].key = a[leaf++].key;
        if (leaf >= used || (root < next && a[root].key < a[leaf].key)) { a[next].key += a[root].key; a[root++].key = (uint32_t)next; }
        else a[next].key += a[leaf++].key;
    }
    // Phase 2: internal nodes' depths.
    a[used - 2].key = 0;
    for (next = used - 3; next >= 0; next--) a[next].key = a[a[next].key].key + 1;
    // Phase 3: leaves' depths, the deepest for the rarest.
    int available = 1, usedHere = 0, depth = 0;
    root = used - 2; next = used - 1;
    while (available > 0) {
        while (root >= 0 && (int)a[root].key == depth) { usedHere++; root--; }
        while (available > usedHere) { a[next--].key = (uint32_t)depth; available--; }
        available = 2 * usedHere; depth++; usedHere = 0;
    }

    // Limit the lengths: move every longer code to maxLength, then lengthen shorter codes until
    // the Kraft sum is 1 again.
    int perLength[64] = {0};
    for (int i = 0; i < used; i++) perLength[a[i].key < 63 ? a[i].key : 63]++;
    for (int l = maxLength + 1; l < 64; l++) { perLength[maxLength] += perLength[l]; perLength[l] = 0; }
    uint32_t total = 0;
    for (int l = maxLength; l > 0; l--) total += (uint32_t)perLength[l] << (maxLength - l);
    while (total != (1u << maxLength)) {
        perLength[maxLength]--;
        for (int l = maxLength - 1; l > 0; l--)
            if (perLength[l]) { perLength[l]--; perLength[l + 1] += 2; break; }
        total--;
    }
    // The most frequent symbols (at the end of `a`) get the shortest lengths.
    int j = used;
    for (int l = 1; l <= maxLength; l++)
        for (int k = perLength[l]; k > 0; k--) lengths[a[--j].symbol] = (uint8_t)l;
}

/// Canonical codes for the lengths (RFC 1951, 3.2.2), bit-reversed: deflate sends a Huffman code
/// from its first bit, and the writer fills bytes from their lowest bit.
static void canonicalCodes(const uint8_t *lengths, int n, uint16_t *codes) {
    unsigned perLength[16] = {0}, nextCode[16] = {0};
    for (int s = 0; s < n; s++) perLength[lengths[s]]++;
    perLength[0] = 0;
    unsigned code = 0;
    for (int l = 1; l < 16; l++) { code = (code + perLength[l - 1]) << 1; nextCode[l] = code; }
    for (int s = 0; s < n; s++) {
        unsigned l = lengths[s];
        if (!l) continue;
        unsigned c = nextCode[l]++, reversed = 0;
        for (unsigned b = 0; b < l; b++) reversed |= ((c >> b) & 1u) << (l - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

// ---- blocks ----

static void writeStored(Deflater *d, size_t start, size_t end, int final) {
    BitWriter *w = &d->writer;
    do {
        size_t n = end - start > 65535 ? 65535 : end - start;
        int last = final && start + n == end;
        put(w, (uint64_t)last, 3);  // BFINAL, BTYPE 00
        alignToByte(w);
        uint8_t *o = w->out;
        o[0] = (uint8_t)n; o[1] = (uint8_t)(n >> 8); o[2] = (uint8_t)~n; o[3] = (uint8_t)(~n >> 8);
        memcpy(o + 4, d->input + start, n);
        w->out = o + 4 + n;
        start += n;
    } while (start < end);
}

/// Writes the block's tokens (input from blockStart to `end`) with its own codes, or stored.
static void flushBlock(Deflater *d, size_t end, int final) {
    uint32_t litCounts[LITLEN_CODES] = {0}, distCounts[DIST_CODES] = {0};
    uint64_t extraBits = 0;
    for (uint32_t i = 0; i < d->count; i++) {
        uint32_t t = d->tokens[i];
        if (t < 256) { litCounts[t]++; continue; }
        unsigned ls = d->lengthSymbol[t >> 16], ds = distSymbol(d, t & 0xFFFF);
        litCounts[257 + ls]++;
        distCounts[ds]++;
        extraBits += lengthExtra[ls] + distExtra[ds];
    }
    litCounts[256] = 1;

    uint8_t litLengths[LITLEN_CODES], distLengths[DIST_CODES];
    codeLengths(litCounts, LITLEN_CODES, 15, litLengths);
    codeLengths(distCounts, DIST_CODES, 15, distLengths);
    int hlit = LITLEN_CODES, hdist = DIST_CODES;
    while (hlit > 257 && !litLengths[hlit - 1]) hlit--;
    while (hdist > 1 && !distLengths[hdist - 1]) hdist--;

    // The two codes' lengths, run-length coded with symbols 16 (repeat the previous 3-6 times),
    // 17 (3-10 zeros) and 18 (11-138 zeros).
    uint8_t all[LITLEN_CODES + DIST_CODES], rle[LITLEN_CODES + DIST_CODES], rleExtra[LITLEN_CODES + DIST_CODES];
    memcpy(all, litLengths, (size_t)hlit);
    memcpy(all + hlit, distLengths, (size_t)hdist);
    int total = hlit + hdist, rleCount = 0;
    uint32_t clCounts[CODELEN_CODES] = {0};
    for (int i = 0; i < total;) {
        uint8_t value = all[i];
        int run = 1;
        while (i + run < total && all[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) { int r = run < 138 ? run : 138; rle[rleCount] = 18; rleExtra[rleCount++] = (uint8_t)(r - 11); run -= r; }
            if (run >= 3) { rle[rleCount] = 17; rleExtra[rleCount++] = (uint8_t)(run - 3); run = 0; }
        } else {
            rle[rleCount] = value; rleExtra[rleCount++] = 0; run--;
            while (run >= 3) { int r = run < 6 ? run : 6; rle[rleCount] = 16; rleExtra[rleCount++] = (uint8_t)(r - 3); run -= r; }
        }
        while (run-- > 0) { rle[rleCount] = value; rleExtra[rleCount++] = 0; }
    }
    for (int i = 0; i < rleCount; i++) clCounts[rle[i]]++;
    uint8_t clLengths[CODELEN_CODES];
    codeLengths(clCounts, CODELEN_CODES, 7, clLengths);
    int hclen = CODELEN_CODES;
    while (hclen > 4 && !clLengths[codeLengthOrder[hclen - 1]]) hclen--;

    // Dynamic against stored, in bits.
    uint64_t dynamicBits = 3 + 14 + 3 * (uint64_t)hclen + extraBits;
    for (int s = 0; s < CODELEN_CODES; s++) dynamicBits += (uint64_t)clCounts[s] * clLengths[s];
    dynamicBits += 2 * (uint64_t)clCounts[16] + 3 * (uint64_t)clCounts[17] + 7 * (uint64_t)clCounts[18];
    for (int s = 0; s < LITLEN_CODES; s++) dynamicBits += (uint64_t)litCounts[s] * litLengths[s];
    for (int s = 0; s < DIST_CODES; s++) dynamicBits += (uint64_t)distCounts[s] * distLengths[s];
    size_t raw = end - d->blockStart;
    uint64_t storedBits = 8 * (uint64_t)raw + 42 * (uint64_t)(raw / 65535 + 1);
    if (storedBits < dynamicBits) {
        writeStored(d, d->blockStart, end, final);
    } else {
        uint16_t litCodes[LITLEN_CODES], distCodes[DIST_CODES], clCodes[CODELEN_CODES];
        canonicalCodes(litLengths, LITLEN_CODES, litCodes);
        canonicalCodes(distLengths, DIST_CODES, distCodes);
        canonicalCodes(clLengths, CODELEN_CODES, clCodes);
        BitWriter *w = &d->writer;
        put(w, (uint64_t)(final | 2 << 1), 3);  // BFINAL, BTYPE 10
        put(w, (uint64_t)(hlit - 257) | (uint64_t)(hdist - 1) << 5 | (uint64_t)(hclen - 4) << 10, 14);
        for (int i = 0; i < hclen; i++) put(w, clLengths[codeLengthOrder[i]], 3);
        static const uint8_t rleExtraBits[3] = {2, 3, 7};
        for (int i = 0; i < rleCount; i++) {
            uint8_t s = rle[i];
            put(w, clCodes[s], clLengths[s]);
            if (s >= 16) put(w, rleExtra[i], rleExtraBits[s - 16]);
        }
        for (uint32_t i = 0; i < d->count; i++) {
            uint32_t t = d->tokens[i];
            if (t < 256) { put(w, litCodes[t], litLengths[t]); continue; }
            unsigned length = t >> 16, distMinus1 = t & 0xFFFF;
            unsigned ls = d->lengthSymbol[length], ds = distSymbol(d, distMinus1);
            unsigned lbits = litLengths[257 + ls];
            put(w, litCodes[257 + ls] | (uint64_t)(length - lengthBase[ls]) << lbits, lbits + lengthExtra[ls]);
            unsigned dbits = distLengths[ds];
            put(w, distCodes[ds] | (uint64_t)(distMinus1 + 1 - distBase[ds]) << dbits, dbits + distExtra[ds]);
        }
        put(w, litCodes[256], litLengths[256]);
    }
    d->count = 0;
    d->blockStart = end;
}

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t load64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
/// The hash of the three bytes at the low end of `v` (read as four, so the input needs one more).
static inline uint32_t hash3(uint32_t v) { return ((v & 0xFFFFFF) * 2654435761u) >> (32 - HASH_BITS); }

/// How many bytes from `a` and `b` (a before b) agree, reading no further than `limit` from b.
static inline size_t matchLength(const uint8_t *a, const uint8_t *b, const uint8_t *limit) {
    const uint8_t *start = b;
    while (b + 8 <= limit) {
        uint64_t x = load64(a) ^ load64(b);
        if (x) return (size_t)(b - start) + ((size_t)__builtin_ctzll(x) >> 3);  // little-endian: first differing byte
        a += 8; b += 8;
    }
    while (b < limit && *a == *b) { a++; b++; }
    return (size_t)(b - start);
}

static inline void insert(Deflater *d, size_t pos) {
    d->table[hash3(load32(d->input + pos))] = (uint32_t)(pos + 1);
}

/// The match for `pos` with the last position of the same hash (0 if it does not match), and
/// `pos` put in its place.
static inline size_t find(Deflater *d, size_t pos, size_t *from) {
    const uint8_t *in = d->input;
    uint32_t v = load32(in + pos), *slot = d->table + hash3(v);
    size_t c = *slot;
    *slot = (uint32_t)(pos + 1);
    if (!c || pos - (c - 1) > WINDOW || ((load32(in + c - 1) ^ v) & 0xFFFFFF)) return 0;
    *from = c - 1;
    return MIN_MATCH + matchLength(in + c - 1 + MIN_MATCH, in + pos + MIN_MATCH, in + d->length);
}

static inline void literal(Deflater *d, size_t *pos) {
    d->tokens[d->count++] = d->input[(*pos)++];
    if (d->count == BLOCK_TOKENS) flushBlock(d, *pos, 0);
}

/// Adds a match of `length` bytes (at least 3) at `pos` as pieces deflate can send (3-258 bytes),
/// never leaving a piece under 3.
static inline void emitMatch(Deflater *d, size_t *pos, size_t length, uint32_t distMinus1) {
    while (length > 0) {
        size_t piece = length <= MAX_MATCH ? length : (length - MAX_MATCH < 3 ? length - 3 : MAX_MATCH);
        d->tokens[d->count++] = (uint32_t)piece << 16 | distMinus1;
        *pos += piece;
        length -= piece;
        if (d->count == BLOCK_TOKENS) flushBlock(d, *pos, 0);
    }
}

size_t fb_deflate_bound(size_t length) {
    // Each block is at most its stored form: 5 bytes and a partial byte per 65,535-byte piece,
    // and a block (at least 65,536 input bytes but for the last) adds at most one more piece.
    return length + (length / 65535 + 2) * 12 + 64;
}

size_t fb_deflate(const uint8_t *input, size_t length, uint8_t *output) {
    if (length >= 0xFFFFFFFFu) return 0;
    Deflater *d = malloc(sizeof *d);
    if (!d) return 0;
    memset(d->table, 0, sizeof d->table);
    d->count = 0;
    d->input = input;
    d->length = length;
    d->blockStart = 0;
    d->writer = (BitWriter){output, 0, 0};
    for (unsigned s = 0, l = 3; l <= MAX_MATCH; l++) {
        while (s < 28 && l >= lengthBase[s + 1]) s++;
        d->lengthSymbol[l] = (uint8_t)s;
    }
    for (unsigned s = 0, v = 0; v < 256; v++) {
        while (s < 29 && v + 1 >= distBase[s + 1]) s++;
        d->distSymbolLow[v] = (uint8_t)s;
    }
    for (unsigned s = 0, v = 0; v < 256; v++) {   // distances - 1 of 256 and more, by their top bits
        while (s < 29 && (v << 7) + 1 >= distBase[s + 1]) s++;
        d->distSymbolHigh[v] = (uint8_t)s;
    }

    // Greedy parsing with one step of lazy evaluation: a short match is dropped for a literal
    // when the next position has a longer one. Positions inside short matches are hashed too;
    // inside long ones (runs, repeated rows) only the last, which is where the time would go.
    size_t pos = 0;
    while (pos + MIN_MATCH + 1 <= length) {
        size_t from = 0, best = find(d, pos, &from);
        if (best && best < 32 && pos + MIN_MATCH + 2 <= length) {
            size_t from2 = 0, next = find(d, pos + 1, &from2);
            if (next > best + 1) {
                literal(d, &pos);
                best = next; from = from2;
            }
        }
        if (!best) { literal(d, &pos); continue; }
        if (best <= 32) {
            size_t stop = pos + best < length - MIN_MATCH ? pos + best : length - MIN_MATCH;
            for (size_t p = pos + 2; p < stop; p++) insert(d, p);
        }
        uint32_t distMinus1 = (uint32_t)(pos - from - 1);
        size_t rest = best;
        while (rest > 0) {
            // Where the match is a run of one byte, distance 1 says the same with no extra bits
            // (a blank row under Up is 2,250 zeros, which a match one row up would cost 10 extra
            // bits a piece: a seventh of a wallet frame's file).
            if (distMinus1 && input[pos] == input[pos - 1]) {
                size_t run = matchLength(input + pos - 1, input + pos, input + pos + rest);
                if (run >= 3 && (run == rest || rest - run >= 3)) {
                    emitMatch(d, &pos, run, 0);
                    rest -= run;
                    continue;
                }
            }
            size_t piece = rest <= MAX_MATCH ? rest : (rest - MAX_MATCH < 3 ? rest - 3 : MAX_MATCH);
            emitMatch(d, &pos, piece, distMinus1);
            rest -= piece;
        }
        // The match's last bytes start the next search's candidates.
        if (pos + MIN_MATCH + 1 <= length) insert(d, pos - 1);
    }
    while (pos < length) literal(d, &pos);
    flushBlock(d, length, 1);
    alignToByte(&d->writer);
    size_t written = (size_t)(d->writer.out - output);
    free(d);
    return written;
}

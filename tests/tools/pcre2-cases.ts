/**
 * Regular expressions JavaScript's RegExp takes, with what Varnish's PCRE2 (10.42, as varnishd 7.1
 * compiles a VCL regex) says of each, word for word (null: it compiles); UNCHECKED are those the platform
 * says it does not check. Read by tests/domain/pcre2.test.ts (without Varnish) and
 * tests/server/edge-vcl.test.ts (with varnishd -C).
 */
export const PCRE2_CASES: [string, string | null][] = [
  ['^/api/(v[12])/items/\\d+$', null],
  ['^/(a|b)/c(?=x)(?!y)(?<=c)(?<!d)\\b.+?\\.css$', null],
  ['(?<id>[a-z]+)-\\k<id>', null],
  ['(a)\\1', null],
  ['(a)(?<=\\1)x', null],
  ['(?<=a|bc)x', null],
  ['[]a]', null],
  ['[\\w-]', null],
  ['[[:alpha:]_-]', null],
  ['é+[a-é]', null],
  ['a"b\u0001', null],
  ['a{65535}', null],
  ['a{,5}\\x41\\0\\cA\\e', null],
  ['\\pL\\p{Lu}', null],
  ['(ab){5000}', null],
  ['^/x\\u0041', 'PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u'],
  ['\\i', 'unrecognized character follows \\'],
  ['\\o', 'missing opening brace after \\o'],
  ['\\x{100}', 'character code point value in \\x{} or \\o{} is too large'],
  ['\\x{zz}', 'non-hex character in \\x{} (closing brace missing?)'],
  ['\\c', '\\c at end of pattern'],
  ['\\k', '\\k is not followed by a braced, angle-bracketed, or quoted name'],
  ['\\k<a>', 'reference to non-existent subpattern'],
  ['\\g', '\\g is not followed by a braced, angle-bracketed, or quoted name/number or by a plain number'],
  ['\\1', 'reference to non-existent subpattern'],
  ['(a)\\2', 'reference to non-existent subpattern'],
  ['\\8', 'reference to non-existent subpattern'],
  ['\\400', 'octal value is greater than \\377 in 8-bit non-UTF-8 mode'],
  ['[]', 'missing terminating ] for character class'],
  ['[^]', 'missing terminating ] for character class'],
  ['[\\d-z]', 'invalid range in character class'],
  ['[a-\\d]', 'invalid range in character class'],
  ['[b-\\x]', 'range out of order in character class'],
  ['[\\B]', 'escape sequence is invalid in character class'],
  ['[[:foo:]]', 'unknown POSIX class name'],
  ['[[.a.]]', 'POSIX collating elements are not supported'],
  ['[:a:]', 'POSIX named classes are supported only within a class'],
  ['(?<é>a)', 'subpattern name expected'],
  ['(?<aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa>x)', 'subpattern name is too long (maximum 32 code units)'],
  ['a{99999}', 'number too big in {} quantifier'],
  ['(?<=a+)b', 'lookbehind assertion is not fixed length'],
  ['(?<=a(b|cd))x', 'lookbehind assertion is not fixed length'],
  ['(a|bc)(?<=\\1)x', 'lookbehind assertion is not fixed length'],
  ['(?=\\K)', '\\K is not allowed in lookarounds (but see PCRE2_EXTRA_ALLOW_LOOKAROUND_BSK)'],
  ['\\p{Foo}', 'unknown property after \\P or \\p'],
  ['(ab){6000}', 'regular expression is too large'],
  [`${'('.repeat(251)}a${')'.repeat(251)}`, 'parentheses are too deeply nested'],
]

/** Patterns the platform does not read (PCRE2 syntax it does not check), with what it says instead. */
export const UNCHECKED = new Map([['\\p{Foo}', 'uses the Unicode property foo, which the platform does not check']])

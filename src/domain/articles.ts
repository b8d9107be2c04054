/**
 * A noun with its indefinite article, as it is said: 'an access token', 'an IP list', 'an LE certificate',
 * 'a VCL snippet', 'a user'. An acronym takes 'an' when its first letter's name starts with a vowel sound
 * (eff, aitch, el, ess…); a word when it starts with a vowel, except the 'you' sound of us-/uni-/eu-.
 */
export function withArticle(noun: string): string {
  const first = noun.split(/[\s/]/)[0] ?? ''
  const acronym = first.length > 1 && first === first.toUpperCase()
  const vowelSound = acronym ? /^[AEFHILMNORSX]/.test(first) : /^[aeiou]/i.test(first) && !/^(us|uni|eu)/i.test(first)
  return `${vowelSound ? 'an' : 'a'} ${noun}`
}

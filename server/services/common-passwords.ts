/**
 * The most common passwords of six characters or more (from public breach top lists), plus this
 * site's own obvious words. Lower case; compared case-insensitively. Shorter ones are already
 * refused by the six-character minimum.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '0123456789', '987654321', '654321',
  '123123', '123321', '112233', '121212', '123123123', '123456a', 'a123456', '123abc', 'abc123', 'abcdef', 'abcd1234',
  '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'qwe123',
  '123qwe', 'asdfgh', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'qazwsx', '1qaz2wsx', 'password', 'password1', 'password12',
  'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa55word', 'secret', 'secret123', 'letmein', 'letmein1', 'welcome',
  'welcome1', 'welcome123', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'monkey', 'dragon',
  'master', 'shadow', 'superman', 'batman', 'trustno1', 'michael', 'jennifer', 'jordan23', 'hunter', 'hunter2', 'charlie',
  'freedom', 'whatever', 'starwars', 'computer', 'internet', 'cheese', 'flower', 'hello123', 'hello1', 'loveme',
  'lovely', 'nicole', 'daniel', 'jessica', 'ashley', 'michelle', 'liverpool', 'arsenal', 'chelsea', 'manchester',
  'london', 'london1', 'london123', 'england', 'summer', 'soccer', 'tigger', 'pokemon', 'maggie', 'buster', 'ginger',
  'pepper', 'cookie', 'banana', 'chocolate', 'killer', 'matrix', 'mustang', 'access', 'admin123', 'administrator',
  'root123', 'changeme', 'default', 'test123', 'testing', 'guest123', 'login123', 'qwerty1234', 'aa123456', 'zaq12wsx',
  '!qaz2wsx', 'google', 'samsung', 'apple123', 'iphone', 'computer1', '11111111', '00000000', '88888888', '696969',
  'sparkle', 'sparkle1', 'sparkle123', 'cleaning', 'cleaning1', 'cleaning123', 'cleaner', 'cleaner123', 'housekeeping',
]);

// A gettext plural expression ("(n != 1)", "n%10==1 && n%100!=11 ? 0 : ..."), a C expression
// in n, read into a function of n without eval: the pages' Content-Security-Policy allows no
// eval, and a catalogue is data, not code. The grammar is C's for what gettext uses: ?:, ||,
// &&, == !=, < > <= >=, + -, * / %, unary ! and -, parentheses, n and whole numbers.

const TOKEN = /\s*(n|\d+|\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()])/y;

function tokens(text) {
  const found = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      if (/^\s*$/.test(text.slice(start))) break;
      throw new SyntaxError(`not a plural expression: ${text}`);
    }
    found.push(match[1]);
  }
  return found;
}

const BINARY = [
  ["||"],
  ["&&"],
  ["==", "!="],
  ["<", ">", "<=", ">="],
  ["+", "-"],
  ["*", "/", "%"],
];

const APPLY = {
  "||": (a, b) => (a || b ? 1 : 0),
  "&&": (a, b) => (a && b ? 1 : 0),
  "==": (a, b) => (a === b ? 1 : 0),
  "!=": (a, b) => (a !== b ? 1 : 0),
  "<": (a, b) => (a < b ? 1 : 0),
  ">": (a, b) => (a > b ? 1 : 0),
  "<=": (a, b) => (a <= b ? 1 : 0),
  ">=": (a, b) => (a >= b ? 1 : 0),
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => (b === 0 ? 0 : Math.trunc(a / b)),
  "%": (a, b) => (b === 0 ? 0 : a % b),
};

/** The function of n that `expression` is; throws SyntaxError for anything else. */
export function compilePlural(expression) {
  const list = tokens(String(expression));
  let at = 0;
  const peek = () => list[at];
  const take = (expected) => {
    if (expected !== undefined && list[at] !== expected) throw new SyntaxError(`expected ${expected} in ${expression}`);
    return list[at++];
  };

  function conditional() {
    const test = binary(0);
    if (peek() !== "?") return test;
    take("?");
    const yes = conditional();
    take(":");
    const no = conditional();
    return (n) => (test(n) ? yes(n) : no(n));
  }

  function binary(level) {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const apply = APPLY[take()];
      const a = left;
      const b = binary(level + 1);
      left = (n) => apply(a(n), b(n));
    }
    return left;
  }

  function unary() {
    if (peek() === "!") {
      take();
      const operand = unary();
      return (n) => (operand(n) ? 0 : 1);
    }
    if (peek() === "-") {
      take();
      const operand = unary();
      return (n) => -operand(n);
    }
    return primary();
  }

  function primary() {
    const token = take();
    if (token === "n") return (n) => n;
    if (token !== undefined && /^\d+$/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === "(") {
      const inner = conditional();
      take(")");
      return inner;
    }
    throw new SyntaxError(`unexpected ${token} in ${expression}`);
  }

  const compiled = conditional();
  if (at !== list.length) throw new SyntaxError(`unexpected ${list[at]} in ${expression}`);
  return (n) => Number(compiled(Number(n) || 0));
}

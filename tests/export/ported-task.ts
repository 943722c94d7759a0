import { synthesizeTasks } from '../../src/api/synthesize.js';
import { createOpenAIToolChat } from '../../src/llm/tools.js';
import { startOpenAIServer } from '../fixtures/openai-server.js';
import { aroundParserDirection, call, PARSER_DIRECTION_TOTAL } from '../synthesize/code-point-task.js';
import { demoValidation } from '../synthesize/demo-validation.js';

/**
 * The demo's parser-quoting family on a port of its quote reader to another
 * language: a commit after the validation window adds `src/parser/quote.<ext>`
 * and its tests, and the scripted agent asks for `\u{...}` code-point escapes
 * there (new test + fix), as tests/synthesize/code-point-task.ts does in
 * JavaScript. What the Harbor verifier tests of pytest, cargo test and go test
 * run end to end.
 */
export interface Port {
  /** What the port commit adds (manifest, source, tests at Tgen). */
  files: Record<string, string>;
  testCommand: string;
  /** The test file the task extends, its new test (appended), the source file and its fix. */
  testFile: string;
  newTest: string;
  source: string;
  fix: (source: string) => string;
  /** The FAIL_TO_PASS id the gate should find. */
  f2p: string;
  /** A new test file whose test has the FAIL_TO_PASS test's name and passes, with no fix. */
  decoy: { path: string; content: string };
}

const TITLE = 'Code-point escapes like \\u{1F600} are rejected in quoted values';
const STATEMENT = 'A config value such as `smile = "\\u{1F600}"` fails with "unknown escape \\u". Characters outside the Basic Multilingual Plane cannot be written with the four-digit form, so the braced form should be accepted in double-quoted values.';

/** The demo with the port committed after the window (Tgen = HEAD holds it), through the scripted agent and the gate. */
export async function synthesizePortedTask(port: Port, runs = 1) {
  const demo = await demoValidation((commits) => [
    ...commits,
    { at: '2025-07-05T10:00:00Z', msg: 'Port the quote reader', files: { '.gitignore': 'target/\n__pycache__/\n', ...port.files } },
  ]);
  const server = await startOpenAIServer({
    chat: aroundParserDirection([
      call('read_file', { path: port.source }),
      { toolCalls: [
        { name: 'write_file', arguments: { path: port.testFile, content: port.files[port.testFile]! + port.newTest } },
        { name: 'write_file', arguments: { path: port.source, content: port.fix(port.files[port.source]!) } },
      ] },
      call('submit', { title: TITLE, problem_statement: STATEMENT, hints: 'Escapes are read in one place.' }),
    ]),
  });
  try {
    const result = await synthesizeTasks({
      db: demo.db, validation: demo.validationId, tgen: 'HEAD', total: PARSER_DIRECTION_TOTAL, backend: 'llm', runs, testCommand: port.testCommand,
      chat: createOpenAIToolChat({ baseURL: server.baseURL, model: 'scripted' }),
    });
    return { demo, result };
  } finally {
    await server.close();
  }
}

const PY_SOURCE = `"""Reads one config value: double-quoted (with escapes), single-quoted (literal) or bare text up to a comment."""

ESCAPES = {'"': '"', '\\\\': '\\\\', 't': '\\t', 'n': '\\n', 'r': '\\r'}
HEX = '0123456789abcdefABCDEF'


class ParseError(ValueError):
    pass


def read_value(raw):
    text = raw.strip()
    if text.startswith('"'):
        return _read_double_quoted(text)
    if text.startswith("'"):
        end = text.find("'", 1)
        if end == -1:
            raise ParseError('unterminated string')
        return text[1:end]
    return text.split(' #')[0].strip()


def _read_double_quoted(text):
    out = ''
    i = 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            return out
        if ch != '\\\\':
            out += ch
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < len(text) else ''
        digits = text[i + 2:i + 6]
        if nxt == 'u' and len(digits) == 4 and all(c in HEX for c in digits):
            out += chr(int(digits, 16))
            i += 6
            continue
        if nxt not in ESCAPES:
            raise ParseError('unknown escape \\\\' + nxt)
        out += ESCAPES[nxt]
        i += 2
    raise ParseError('unterminated string')
`;

const PY_TESTS = `import pytest

from quote import ParseError, read_value


def test_reads_bare_values():
    assert read_value('plain text # comment') == 'plain text'


def test_reads_escapes_in_double_quoted_values():
    assert read_value('"a\\\\tb\\\\n"') == 'a\\tb\\n'


def test_reads_four_digit_unicode_escapes():
    assert read_value('"\\\\u00e9"') == '\\u00e9'


def test_rejects_unknown_escapes():
    with pytest.raises(ParseError):
        read_value('"\\\\q"')


class TestSingleQuoted:
    def test_takes_text_literally(self):
        assert read_value("'a\\\\tb'") == 'a\\\\tb'
`;

const PY_ANCHOR = "        if nxt == 'u' and len(digits) == 4";

export const PYTHON_PORT: Port = {
  files: {
    'pyproject.toml': '[project]\nname = "quarry-quote"\nversion = "0.1.0"\nrequires-python = ">=3.9"\n\n[tool.pytest.ini_options]\npythonpath = ["src/parser"]\n',
    'src/parser/quote.py': PY_SOURCE,
    'tests/test_quote.py': PY_TESTS,
  },
  testCommand: 'python -m pytest -rA -p no:cacheprovider tests',
  testFile: 'tests/test_quote.py',
  newTest: "\n\n\ndef test_reads_code_point_escapes_in_double_quoted_values():\n    assert read_value('\"\\\\u{1F600}\"') == '\\U0001F600'\n",
  source: 'src/parser/quote.py',
  fix: (source) => {
    if (!source.includes(PY_ANCHOR)) throw new Error('anchor not in the Python port');
    return `import re\n\n${source.replace(PY_ANCHOR, [
      "        point = re.match(r'u\\{([0-9a-fA-F]{1,6})\\}', text[i + 1:])",
      '        if point:',
      '            out += chr(int(point.group(1), 16))',
      '            i += 1 + len(point.group(0))',
      '            continue',
      PY_ANCHOR,
    ].join('\n'))}`;
  },
  f2p: 'tests/test_quote.py::test_reads_code_point_escapes_in_double_quoted_values',
  decoy: { path: 'tests/test_decoy.py', content: 'def test_reads_code_point_escapes_in_double_quoted_values():\n    pass\n' },
};

const RS_SOURCE = `//! Reads one config value: double-quoted (with escapes), single-quoted (literal) or bare text up to a comment.

#[derive(Debug, PartialEq)]
pub struct ParseError(pub String);

pub fn read_value(raw: &str) -> Result<String, ParseError> {
    let text = raw.trim();
    if let Some(rest) = text.strip_prefix('"') {
        return read_double_quoted(rest);
    }
    if let Some(rest) = text.strip_prefix('\\'') {
        return match rest.find('\\'') {
            Some(end) => Ok(rest[..end].to_string()),
            None => Err(ParseError("unterminated string".into())),
        };
    }
    Ok(text.split(" #").next().unwrap_or("").trim().to_string())
}

fn read_double_quoted(rest: &str) -> Result<String, ParseError> {
    let chars: Vec<char> = rest.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch == '"' {
            return Ok(out);
        }
        if ch != '\\\\' {
            out.push(ch);
            i += 1;
            continue;
        }
        let next = chars.get(i + 1).copied();
        let hex: String = chars.iter().skip(i + 2).take(4).collect();
        if next == Some('u') && hex.len() == 4 && hex.chars().all(|c| c.is_ascii_hexdigit()) {
            let code = u32::from_str_radix(&hex, 16).unwrap();
            out.push(char::from_u32(code).ok_or_else(|| ParseError("invalid escape".into()))?);
            i += 6;
            continue;
        }
        let escaped = match next {
            Some('"') => '"',
            Some('\\\\') => '\\\\',
            Some('t') => '\\t',
            Some('n') => '\\n',
            Some('r') => '\\r',
            other => return Err(ParseError(format!("unknown escape \\\\{}", other.map(String::from).unwrap_or_default()))),
        };
        out.push(escaped);
        i += 2;
    }
    Err(ParseError("unterminated string".into()))
}
`;

const RS_TESTS = `use quarry_quote::{read_value, ParseError};

#[test]
fn reads_bare_values() {
    assert_eq!(read_value("plain text # comment"), Ok("plain text".to_string()));
}

#[test]
fn reads_four_digit_unicode_escapes() {
    assert_eq!(read_value("\\"\\\\u00e9\\""), Ok("\\u{e9}".to_string()));
}

#[test]
fn rejects_unknown_escapes() {
    assert!(matches!(read_value("\\"\\\\q\\""), Err(ParseError(_))));
}

mod single_quoted {
    use quarry_quote::read_value;

    #[test]
    fn takes_text_literally() {
        assert_eq!(read_value("'a\\\\tb'"), Ok("a\\\\tb".to_string()));
    }
}
`;

const RS_ANCHOR = "        if next == Some('u') && hex.len() == 4";

export const RUST_PORT: Port = {
  files: {
    'Cargo.toml': '[package]\nname = "quarry_quote"\nversion = "0.1.0"\nedition = "2021"\n\n[lib]\npath = "src/parser/quote.rs"\n',
    'src/parser/quote.rs': RS_SOURCE,
    'tests/quote.rs': RS_TESTS,
  },
  testCommand: 'cargo test --no-fail-fast --offline',
  testFile: 'tests/quote.rs',
  newTest: '\n\n#[test]\nfn reads_code_point_escapes_in_double_quoted_values() {\n    assert_eq!(read_value("\\"\\\\u{1F600}\\""), Ok("\\u{1F600}".to_string()));\n}\n',
  source: 'src/parser/quote.rs',
  fix: (source) => {
    if (!source.includes(RS_ANCHOR)) throw new Error('anchor not in the Rust port');
    return source.replace(RS_ANCHOR, [
      "        if next == Some('u') && chars.get(i + 2) == Some(&'{') {",
      "            if let Some(close) = chars.iter().skip(i + 3).position(|&c| c == '}') {",
      '                let digits: String = chars[i + 3..i + 3 + close].iter().collect();',
      '                if let Some(c) = u32::from_str_radix(&digits, 16).ok().and_then(char::from_u32) {',
      '                    out.push(c);',
      '                    i += 4 + close;',
      '                    continue;',
      '                }',
      '            }',
      '        }',
      RS_ANCHOR,
    ].join('\n'));
  },
  f2p: 'reads_code_point_escapes_in_double_quoted_values',
  decoy: { path: 'tests/decoy.rs', content: '#[test]\nfn reads_code_point_escapes_in_double_quoted_values() {}\n' },
};

/* The Go port was written without a Go toolchain at hand (none on the machine it was made on): its test skips there. */
const GO_SOURCE = String.raw`// Package parser reads config values: double-quoted (with escapes), single-quoted (literal) or bare text up to a comment.
package parser

import (
	"errors"
	"strconv"
	"strings"
)

// ErrParse is returned for a value that cannot be read.
var ErrParse = errors.New("parse error")

var escapes = map[rune]rune{'"': '"', '\\': '\\', 't': '\t', 'n': '\n', 'r': '\r'}

// ReadValue reads one value.
func ReadValue(raw string) (string, error) {
	text := strings.TrimSpace(raw)
	if strings.HasPrefix(text, "\"") {
		return readDoubleQuoted([]rune(text[1:]))
	}
	if strings.HasPrefix(text, "'") {
		end := strings.Index(text[1:], "'")
		if end == -1 {
			return "", ErrParse
		}
		return text[1 : 1+end], nil
	}
	return strings.TrimSpace(strings.SplitN(text, " #", 2)[0]), nil
}

func readDoubleQuoted(chars []rune) (string, error) {
	var out strings.Builder
	for i := 0; i < len(chars); i++ {
		ch := chars[i]
		if ch == '"' {
			return out.String(), nil
		}
		if ch != '\\' {
			out.WriteRune(ch)
			continue
		}
		if i+1 >= len(chars) {
			return "", ErrParse
		}
		next := chars[i+1]
		if next == 'u' && i+6 <= len(chars) {
			if code, err := strconv.ParseUint(string(chars[i+2:i+6]), 16, 32); err == nil {
				out.WriteRune(rune(code))
				i += 5
				continue
			}
		}
		escaped, ok := escapes[next]
		if !ok {
			return "", ErrParse
		}
		out.WriteRune(escaped)
		i++
	}
	return "", ErrParse
}
`;

const GO_TESTS = String.raw`package parser

import "testing"

func TestReadsBareValues(t *testing.T) {
	if got, err := ReadValue("plain text # comment"); err != nil || got != "plain text" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestReadsFourDigitUnicodeEscapes(t *testing.T) {
	if got, err := ReadValue("\"\\u00e9\""); err != nil || got != "\u00e9" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestRejectsUnknownEscapes(t *testing.T) {
	if _, err := ReadValue("\"\\q\""); err == nil {
		t.Fatal("no error")
	}
}

func TestSingleQuoted(t *testing.T) {
	t.Run("literal", func(t *testing.T) {
		if got, _ := ReadValue("'a\\tb'"); got != "a\\tb" {
			t.Fatalf("got %q", got)
		}
	})
}
`;

const GO_ANCHOR = "\t\tif next == 'u' && i+6 <= len(chars) {";

export const GO_PORT: Port = {
  files: { 'go.mod': 'module example.com/quarry\n\ngo 1.20\n', 'src/parser/quote.go': GO_SOURCE, 'src/parser/quote_test.go': GO_TESTS },
  testCommand: 'go test -v ./...',
  testFile: 'src/parser/quote_test.go',
  newTest: String.raw`
func TestReadsCodePointEscapes(t *testing.T) {
	if got, err := ReadValue("\"\\u{1F600}\""); err != nil || got != "\U0001F600" {
		t.Fatalf("got %q, %v", got, err)
	}
}
`,
  source: 'src/parser/quote.go',
  fix: (source) => {
    if (!source.includes(GO_ANCHOR)) throw new Error('anchor not in the Go port');
    return source.replace(GO_ANCHOR, [
      "\t\tif next == 'u' && i+2 < len(chars) && chars[i+2] == '{' {",
      '\t\t\tend := i + 3',
      "\t\t\tfor end < len(chars) && chars[end] != '}' {",
      '\t\t\t\tend++',
      '\t\t\t}',
      '\t\t\tif end < len(chars) && end > i+3 {',
      '\t\t\t\tif code, err := strconv.ParseUint(string(chars[i+3:end]), 16, 32); err == nil {',
      '\t\t\t\t\tout.WriteRune(rune(code))',
      '\t\t\t\t\ti = end',
      '\t\t\t\t\tcontinue',
      '\t\t\t\t}',
      '\t\t\t}',
      '\t\t}',
      GO_ANCHOR,
    ].join('\n'));
  },
  f2p: 'example.com/quarry/src/parser > TestReadsCodePointEscapes',
  decoy: { path: 'decoy/decoy_test.go', content: 'package decoy\n\nimport "testing"\n\nfunc TestReadsCodePointEscapes(t *testing.T) {}\n' },
};

package claims

import (
	"strconv"
	"strings"
)

// A calendar date in a step's arguments ("2025-09-30") is written many ways
// in a reply: "30 September", "Sept. 30th", "9/30", "14/03". Each names the
// step whose arguments alone hold that date, and is the state it sets.

// monthDay is a date without its year: month*100 + day.
type monthDay int

// stepDate is a date of one step's arguments, with the pattern its mentions
// carry.
type stepDate struct {
	md monthDay
	p  *pattern
}

// isoDate reads the first YYYY-MM-DD in s.
func isoDate(s string) (monthDay, bool) {
	for i := 0; i+10 <= len(s); i++ {
		c := s[i : i+10]
		if c[4] != '-' || c[7] != '-' || !digits(c[:4]) || !digits(c[5:7]) || !digits(c[8:10]) {
			continue
		}
		if i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
			continue
		}
		m, _ := strconv.Atoi(c[5:7])
		d, _ := strconv.Atoi(c[8:10])
		if m >= 1 && m <= 12 && d >= 1 && d <= 31 {
			return monthDay(m*100 + d), true
		}
	}
	return 0, false
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// stepDates lists the dates each step's arguments hold that no other step's do.
func stepDates(steps []Step) []stepDate {
	owner := map[monthDay]int{}
	for si, s := range steps {
		for _, v := range argStrings(s) {
			md, ok := argDate(v)
			if !ok {
				continue
			}
			if o, seen := owner[md]; seen && o != si {
				owner[md] = -1
			} else if !seen {
				owner[md] = si
			}
		}
	}
	var out []stepDate
	for si, s := range steps {
		for _, v := range argStrings(s) {
			if md, ok := argDate(v); ok && owner[md] == si {
				owner[md] = -1 // once
				out = append(out, stepDate{md, &pattern{kind: kMention, form: fName, step: s.ID, term: true, value: true, date: true}})
			}
		}
	}
	return out
}

// argStrings are a step's identifiers and its arguments' values as text.
func argStrings(s Step) []string {
	return append(s.Values[:len(s.Values):len(s.Values)], s.Targets...)
}

// argDate reads an argument that is a date ("2025-09-30", or with a time),
// not a message's text that holds one.
func argDate(v string) (monthDay, bool) {
	if len(v) > 25 {
		return 0, false
	}
	return isoDate(v)
}

var months = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
	"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
	"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

// dayNumber reads "30", "30th", "1st".
func dayNumber(t token) int {
	if t.kind != tNum {
		return 0
	}
	s := t.s
	for _, suf := range [...]string{"st", "nd", "rd", "th"} {
		s = strings.TrimSuffix(s, suf)
	}
	if len(s) > 2 || !digits(s) {
		return 0
	}
	d, _ := strconv.Atoi(s)
	if d < 1 || d > 31 {
		return 0
	}
	return d
}

// scanDates appends a match for every date in toks[lo:hi] that one step's
// arguments hold.
func (ix *index) scanDates(toks []token, lo, hi int, out []match) []match {
	if len(ix.dates) == 0 {
		return out
	}
	add := func(a, b int, mds ...monthDay) {
		for _, sd := range ix.dates {
			for _, md := range mds {
				if sd.md == md {
					out = append(out, match{sd.p, a, b})
					return
				}
			}
		}
	}
	for i := lo; i < hi; i++ {
		t := toks[i]
		if t.kind == tNum {
			if md, ok := isoDate(t.s); ok {
				add(i, i+1, md)
				continue
			}
		}
		if m, ok := months[t.s]; ok {
			j := i + 1
			if j < hi && toks[j].s == "." {
				j++
			}
			if j < hi {
				if d := dayNumber(toks[j]); d > 0 {
					add(i, j+1, monthDay(m*100+d)) // "September 30", "Sept. 30th"
				}
			}
			continue
		}
		d := dayNumber(t)
		if d == 0 || i+1 >= hi {
			continue
		}
		j := i + 1
		if toks[j].s == "of" && j+1 < hi {
			j++
		}
		if m, ok := months[toks[j].s]; ok {
			add(i, j+1, monthDay(m*100+d)) // "30 September", "30th of May"
			continue
		}
		// "9/30" or "14/03": month first or day first, whichever is a date.
		if toks[i+1].s == "/" && i+2 < hi {
			if e := dayNumber(toks[i+2]); e > 0 && !strings.ContainsAny(toks[i+2].s, "stndrh") {
				var mds []monthDay
				if d <= 12 {
					mds = append(mds, monthDay(d*100+e))
				}
				if e <= 12 {
					mds = append(mds, monthDay(e*100+d))
				}
				add(i, i+3, mds...)
			}
		}
	}
	return out
}

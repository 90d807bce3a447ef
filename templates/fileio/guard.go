package fileio

import "fmt"

// Every goroutine this package starts runs its work under a recover: a panic
// on a goroutine cannot be recovered by the caller and ends the process with
// a stack trace, and no input, however damaged, may do that. A panic becomes
// an error of the batch or chunk being worked on, reported as any other.

// guardErr returns f(), or an error when f panics.
func guardErr(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &decoderPanic{r}
		}
	}()
	return f()
}

// parseGuarded parses b with p; a panic of the parser becomes b's error, at
// the block's first row.
func parseGuarded(p blockParser, b *textBlock) {
	defer func() {
		if r := recover(); r != nil {
			b.release()
			b.err = &blockError{format: func(row int64, _ int) error {
				return fmt.Errorf("%s: %w", at(row, 0), &decoderPanic{r})
			}}
		}
	}()
	p.parse(b)
}

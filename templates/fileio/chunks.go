package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The text readers (CSV and JSON lines) read the file in large blocks cut at
// record boundaries and parse each block into batches on its own, so that up
// to Options.Threads blocks parse at once. A block's parser counts the rows and
// lines of its block; textInput hands the batches out in file order and adds
// the row and line of the block's start to an error, which therefore reads as
// if the file had been parsed from the start by one goroutine.

// blockSize is the size of the blocks a text file is read in; a record longer
// than a block makes its block longer. The tests make it tiny.
var blockSize = 4 << 20

// maxBlock is the longest block: the parsers keep offsets in int32.
const maxBlock = 1 << 30

// subBatchRows is how many records the CSV parser cuts into fields before it
// decodes them, column by column: few enough that their bytes and fields stay
// in the CPU cache.
const subBatchRows = 256

// textBlock is a run of whole records of a text file and, once parsed, its
// batches.
type textBlock struct {
	buf  []byte // the pooled buffer data lies in
	data []byte

	// Set by the parser before done is closed.
	batches []parsedBatch
	rows    int64 // records parsed (all of the block's unless err is set)
	lines   int   // line ends in the block
	err     *blockError
	done    chan struct{}
}

// parsedBatch is a batch of a block: the table's columns, nil where Skip says
// so.
type parsedBatch struct {
	cols []arrow.Array
	rows int
}

func (b *textBlock) release() {
	for _, pb := range b.batches {
		for _, c := range pb.cols {
			if c != nil {
				c.Release()
			}
		}
	}
	b.batches = nil
}

// blockError is the first error in a block, at the block's row row (0-based)
// on its line line (0-based); format makes the message from the row and line
// in the file (1-based).
type blockError struct {
	row    int64
	line   int
	format func(row int64, line int) error
}

// blockParser parses blocks into batches; each parsing goroutine has its own.
type blockParser interface {
	parse(b *textBlock)
	release()
}

// blockSource reads a file as blocks of whole records.
type blockSource struct {
	r     io.Reader
	cut   func(data []byte) int // length of the whole records data starts with, 0 if none
	carry []byte                // bytes read past the last block
	eof   bool
	free  chan []byte // buffers to reuse
}

func newBlockSource(r io.Reader, cut func([]byte) int, buffers int) *blockSource {
	return &blockSource{r: r, cut: cut, free: make(chan []byte, buffers)}
}

func (s *blockSource) getBuf(n int) []byte {
	select {
	case b := <-s.free:
		if cap(b) >= n {
			return b[:n] // not more: the blocks do not depend on timing
		}
	default:
	}
	return make([]byte, n)
}

func (s *blockSource) putBuf(b []byte) {
	select {
	case s.free <- b:
	default:
	}
}

// next returns the next block, or io.EOF after the last.
func (s *blockSource) next() (*textBlock, error) {
	if s.eof && len(s.carry) == 0 {
		return nil, io.EOF
	}
	buf := s.getBuf(min(max(blockSize, 2*len(s.carry)), maxBlock))
	n := copy(buf, s.carry)
	whole := 0
	for {
		for n < len(buf) && !s.eof {
			m, err := s.r.Read(buf[n:])
			n += m
			if err == io.EOF {
				s.eof = true
			} else if err != nil {
				return nil, err
			}
		}
		if s.eof {
			whole = n
			break
		}
		if whole = s.cut(buf[:n]); whole > 0 {
			break
		}
		// No whole record yet: read on into a larger buffer.
		if len(buf) >= maxBlock {
			return nil, errors.New("a record is longer than 1 GiB")
		}
		grown := make([]byte, min(2*len(buf), maxBlock))
		copy(grown, buf[:n])
		buf = grown
	}
	s.carry = append(s.carry[:0], buf[whole:n]...)
	if whole == 0 {
		return nil, io.EOF
	}
	return &textBlock{buf: buf, data: buf[:whole]}, nil
}

// textInput is an Input over the blocks of a text file.
type textInput struct {
	f        *os.File
	path     string
	schema   *arrow.Schema
	mem      memory.Allocator
	skip     []bool
	src      *blockSource
	ioErr    func(row int64, err error) error
	threads  int
	parser   blockParser // Threads == 1: Next parses
	first    *textBlock  // the block to parse before src's (CSV: the header's)
	rowBase  int64       // rows of the blocks before cur
	lineBase int         // lines of the blocks before cur
	cur      *textBlock
	next     int // cur's next batch
	fill     *fillers
	st       sticky
	closed   bool

	// Threads > 1.
	order   chan *textBlock // blocks in file order, being or to be parsed
	stop    chan struct{}
	wg      sync.WaitGroup
	stopped bool
}

// newTextInput starts reading the blocks of src after first (nil if none),
// which starts at line lineBase+1 of the file.
func newTextInput(f *os.File, path string, table *tableType, opts Options, mem memory.Allocator,
	src *blockSource, first *textBlock, lineBase int, newParser func() blockParser,
	ioErr func(row int64, err error) error) *textInput {
	in := &textInput{
		f: f, path: path, schema: table.schema, mem: mem, src: src, ioErr: ioErr,
		threads: max(opts.Threads, 1), first: first, lineBase: lineBase,
		fill: newFillers(table, mem),
	}
	if opts.Skip != nil {
		in.skip = make([]bool, len(table.Columns))
		copy(in.skip, opts.Skip)
	}
	if in.threads == 1 {
		in.parser = newParser()
		return in
	}
	in.order = make(chan *textBlock, 2*in.threads)
	in.stop = make(chan struct{})
	todo := make(chan *textBlock, in.threads)
	in.wg.Add(1 + in.threads)
	go in.read(todo)
	for range in.threads {
		go in.work(todo, newParser())
	}
	return in
}

// read hands the blocks to the parsing goroutines and, in the same order, to
// Next.
func (in *textInput) read(todo chan<- *textBlock) {
	defer in.wg.Done()
	defer close(in.order)
	defer close(todo)
	for {
		b := in.first
		in.first = nil
		if b == nil {
			var err error
			b, err = in.src.next()
			if err == io.EOF {
				return
			}
			if err != nil {
				b = &textBlock{err: &blockError{format: func(row int64, _ int) error { return in.ioErr(row, err) }}}
			}
		}
		b.done = make(chan struct{})
		select {
		case in.order <- b:
		case <-in.stop:
			return
		}
		if b.err != nil {
			close(b.done)
			return
		}
		select {
		case todo <- b:
		case <-in.stop:
			return
		}
	}
}

func (in *textInput) work(todo <-chan *textBlock, p blockParser) {
	defer in.wg.Done()
	defer p.release()
	for {
		select {
		case <-in.stop:
			return
		default:
		}
		select {
		case b, ok := <-todo:
			if !ok {
				return
			}
			parseGuarded(p, b)
			in.src.putBuf(b.buf)
			b.buf, b.data = nil, nil
			close(b.done)
		case <-in.stop:
			return
		}
	}
}

// nextBlock returns the next parsed block in file order.
func (in *textInput) nextBlock() (*textBlock, error) {
	if in.threads > 1 {
		b, ok := <-in.order
		if !ok {
			return nil, io.EOF
		}
		<-b.done
		return b, nil
	}
	b := in.first
	in.first = nil
	if b == nil {
		var err error
		b, err = in.src.next()
		if err != nil {
			return nil, err
		}
	}
	parseGuarded(in.parser, b)
	in.src.putBuf(b.buf)
	b.buf, b.data = nil, nil
	return b, nil
}

func (in *textInput) Next() (arrow.RecordBatch, error) {
	if in.st.err != nil {
		return nil, in.st.err
	}
	if in.closed {
		return nil, errClosed
	}
	for {
		if b := in.cur; b != nil {
			if in.next < len(b.batches) {
				pb := b.batches[in.next]
				b.batches[in.next] = parsedBatch{}
				in.next++
				return in.record(pb), nil
			}
			if b.err != nil {
				err := b.err.format(in.rowBase+b.err.row, in.lineBase+b.err.line+1)
				in.shutdown()
				return nil, in.st.set(err)
			}
			in.rowBase += b.rows
			in.lineBase += b.lines
			in.cur = nil
		}
		b, err := in.nextBlock()
		if err == io.EOF {
			in.shutdown()
			return nil, in.st.set(io.EOF)
		}
		if err != nil {
			in.shutdown()
			return nil, in.st.set(in.ioErr(in.rowBase, err))
		}
		in.cur, in.next = b, 0
	}
}

// record makes a batch of pb, with the fillers of the skipped columns.
func (in *textInput) record(pb parsedBatch) arrow.RecordBatch {
	cols := pb.cols
	for i, c := range cols {
		if c == nil {
			cols[i] = in.fill.column(i, pb.rows)
		}
	}
	rec := array.NewRecordBatch(in.schema, cols, int64(pb.rows))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

// shutdown stops the goroutines and releases the batches not handed out.
func (in *textInput) shutdown() {
	if in.cur != nil {
		in.cur.release()
		in.cur = nil
	}
	if in.threads == 1 {
		if in.parser != nil {
			in.parser.release()
			in.parser = nil
		}
		return
	}
	if in.stopped {
		return
	}
	in.stopped = true
	close(in.stop)
	in.wg.Wait()
	for b := range in.order {
		b.release()
	}
}

func (in *textInput) Close() error {
	if in.closed {
		return nil
	}
	in.closed = true
	in.shutdown()
	in.fill.release()
	return in.f.Close()
}

// rowError is the message of an error in a row, in column col if not "".
func rowError(path string, row int64, line int, col string, err error) error {
	if col != "" {
		if ve := (*valueError)(nil); errors.As(err, &ve) {
			return fmt.Errorf("%s: %s: column %q: %v", path, at(row, line), col, err)
		}
	}
	return fmt.Errorf("%s: %s: %v", path, at(row, line), err)
}

package fileio

import (
	"bufio"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
)

// newIPCOutput writes the Arrow IPC file format, or with stream the IPC stream
// format, on a goroutine of its own; up to threads goroutines compress a
// batch's buffers.
func newIPCOutput(w io.Writer, stream bool, schema *arrow.Schema, compression string, threads int) (Output, error) {
	opts := []ipc.Option{ipc.WithSchema(schema)}
	switch compression {
	case "lz4":
		opts = append(opts, ipc.WithLZ4(), ipc.WithCompressConcurrency(threads))
	case "zstd":
		opts = append(opts, ipc.WithZstd(), ipc.WithCompressConcurrency(threads))
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	var write func(arrow.RecordBatch) error
	var finish func() error
	if stream {
		sw := ipc.NewWriter(bw, opts...)
		write, finish = sw.Write, sw.Close
	} else {
		fw, err := ipc.NewFileWriter(bw, opts...)
		if err != nil {
			return nil, fmt.Errorf("fileio: arrow: %w", err)
		}
		write, finish = fw.Write, fw.Close
	}
	return newBatchOutput(schema, threads, write, func() error {
		if err := finish(); err != nil {
			return err
		}
		return bw.Flush()
	}), nil
}

// batchOutput hands batches to a goroutine that writes them in order with
// write, and at Close calls finish.
type batchOutput struct {
	schema *arrow.Schema
	queue  chan arrow.RecordBatch
	done   chan struct{} // closed when the goroutine has finished
	failed atomic.Bool   // err is set
	err    error         // the first error, set by the goroutine
	closed bool
}

func newBatchOutput(schema *arrow.Schema, threads int, write func(arrow.RecordBatch) error, finish func() error) *batchOutput {
	o := &batchOutput{
		schema: schema,
		queue:  make(chan arrow.RecordBatch, 2*threads),
		done:   make(chan struct{}),
	}
	go func() {
		defer close(o.done)
		fail := func(err error) {
			if err != nil && !o.failed.Load() {
				o.err = err
				o.failed.Store(true)
			}
		}
		for b := range o.queue {
			if !o.failed.Load() {
				fail(guardErr(func() error { return write(b) }))
			}
			b.Release()
		}
		fail(guardErr(finish))
	}()
	return o
}

func (o *batchOutput) Write(b arrow.RecordBatch) error {
	if o.closed {
		return errOutputClosed
	}
	if o.failed.Load() {
		return o.err
	}
	if err := checkBatch(o.schema, b); err != nil {
		return err
	}
	for i, f := range o.schema.Fields() {
		if !f.Nullable && b.Column(i).NullN() > 0 {
			return fmt.Errorf("fileio: column %q is NOT NULL but has a NULL", f.Name)
		}
	}
	// The batch with the Output's schema (its field names, nullability and
	// metadata), as the writers require.
	o.queue <- array.NewRecordBatch(o.schema, b.Columns(), b.NumRows())
	return nil
}

func (o *batchOutput) Close() error {
	if !o.closed {
		o.closed = true
		close(o.queue)
		<-o.done
	}
	return o.err
}

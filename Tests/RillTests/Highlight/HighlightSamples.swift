/// Short programs in the languages models write most, each showing what its definition colours:
/// keywords, types, strings with escapes, numbers, comments (one spanning lines), functions.
enum HighlightSamples {
    /// (info string, code): the info string as a model writes it.
    static let all: [(language: String, code: String)] = [
        ("python", #"""
        import asyncio
        from dataclasses import dataclass

        @dataclass
        class Job:
            """A unit of work.

            Retried at most three times."""
            name: str
            attempts: int = 0  # TODO: backoff

            async def run(self, delay: float = 0.5) -> bool:
                await asyncio.sleep(delay * 2 ** self.attempts)
                return f"{self.name}\n" != 'done'
        """#),
        ("javascript", #"""
        // Fetch a user, with a timeout.
        export async function getUser(id, { timeout = 5000 } = {}) {
          const controller = new AbortController();
          const timer = setTimeout(() => controller.abort(), timeout);
          try {
            const res = await fetch(`/api/users/${id}`, { signal: controller.signal });
            if (!res.ok) throw new Error("HTTP " + res.status);
            return await res.json();
          } finally {
            clearTimeout(timer); /* always */
          }
        }
        """#),
        ("ts", #"""
        interface Point { x: number; y: number }
        const origin: Point = { x: 0, y: 0.5 };
        function dist(a: Point, b: Point): number {
          return Math.hypot(a.x - b.x, a.y - b.y); // euclidean
        }
        """#),
        ("c", #"""
        #include <stdio.h>
        #define CAPACITY 64

        /* A ring buffer of bytes:
           one slot is always kept free. */
        typedef struct {
            unsigned char data[CAPACITY];
            size_t head, tail;
        } ring;

        static int ring_push(ring *r, unsigned char byte) {
            size_t next = (r->head + 1) % CAPACITY;
            if (next == r->tail) return -1;  // full
            r->data[r->head] = byte;
            r->head = next;
            printf("pushed %d\n", byte);
            return 0;
        }
        """#),
        ("c++", #"""
        #include <vector>
        template <typename T>
        class Stack {
        public:
            void push(const T& value) { items_.push_back(value); }
            bool empty() const noexcept { return items_.empty(); }
        private:
            std::vector<T> items_;  // storage
        };
        auto s = Stack<int>{}; s.push(0x2A);
        """#),
        ("go", #"""
        package main

        import (
        	"fmt"
        	"time"
        )

        // Worker drains jobs until the channel closes.
        func Worker(id int, jobs <-chan string) error {
        	for job := range jobs {
        		fmt.Printf("worker %d: %q\n", id, job)
        		time.Sleep(10 * time.Millisecond)
        	}
        	return nil
        }
        """#),
        ("rust", #"""
        use std::collections::HashMap;

        /// Counts words, case-insensitively.
        fn count(text: &str) -> HashMap<String, usize> {
            let mut counts = HashMap::new();
            for word in text.split_whitespace() {
                *counts.entry(word.to_lowercase()).or_insert(0) += 1;
            }
            counts
        }

        fn main() {
            let s = r#"raw "string""#;
            println!("{:?} {}", count("a A b"), s.len() as u32 + 1_000);
        }
        """#),
        ("java", #"""
        import java.util.List;

        public final class Greeter {
            private static final int TIMES = 3;

            /** Greets everyone, TIMES times. */
            public static void main(String[] args) {
                for (int i = 0; i < TIMES; i++) {
                    List.of(args).forEach(name -> System.out.println("Hello, " + name + '!'));
                }
            }
        }
        """#),
        ("ruby", #"""
        require "json"

        # A tiny cache with expiry.
        class Cache
          def initialize(ttl = 60)
            @ttl = ttl
            @store = {}
          end

          def fetch(key)
            value, at = @store[key]
            return value if at && Time.now - at < @ttl
            @store[key] = [yield, Time.now]
            :miss
          end
        end
        """#),
        ("bash", #"""
        #!/usr/bin/env bash
        set -euo pipefail

        # Rename photos by their date.
        for file in "$@"; do
          date=$(exiftool -d '%Y-%m-%d' -DateTimeOriginal -s3 "$file")
          if [[ -n "$date" ]]; then
            mv -n -- "$file" "${date}_${file##*/}"
          fi
        done
        echo "done: $# files" >&2
        """#),
        ("sql", #"""
        -- Revenue per customer over the last 30 days.
        SELECT c.id, c.name, SUM(o.total) AS revenue
        FROM customers c
        JOIN orders o ON o.customer_id = c.id
        WHERE o.created_at >= NOW() - INTERVAL '30 days'
          AND o.status <> 'cancelled'
        GROUP BY c.id, c.name
        HAVING SUM(o.total) > 1000
        ORDER BY revenue DESC
        LIMIT 10;
        """#),
        ("json", #"""
        {
          "name": "rill",
          "version": "0.1.0",
          "private": true,
          "limits": { "columns": 32, "depth": 32, "ratio": 1.5e3 },
          "tags": ["markdown", "terminal", null]
        }
        """#),
        ("html", #"""
        <!DOCTYPE html>
        <html lang="en">
          <head>
            <meta charset="utf-8">
            <title>Rill &amp; friends</title>
          </head>
          <!-- the body
               of the page -->
          <body class="dark">
            <p id="intro">Hello</p>
          </body>
        </html>
        """#),
        ("css", #"""
        /* Layout */
        .grid {
          display: grid;
          grid-template-columns: repeat(3, 1fr);
          gap: 12px;
        }
        #main > a:hover { color: #ff8800 !important; }
        @media (max-width: 600px) { .grid { display: block; } }
        """#),
        ("diff", #"""
        --- a/src/main.c
        +++ b/src/main.c
        @@ -1,5 +1,6 @@
         #include <stdio.h>
        +#include <stdlib.h>
         int main(void) {
        -    return 0;
        +    return EXIT_SUCCESS;
         }
        """#),
        ("haskell", #"""
        module Main where

        {- A fold,
           written out. -}
        sumTo :: Int -> Int
        sumTo n = go 0 n
          where go acc 0 = acc
                go acc k = go (acc + k) (k - 1)  -- tail recursive

        main :: IO ()
        main = print (sumTo 100, "done")
        """#),
    ]
}

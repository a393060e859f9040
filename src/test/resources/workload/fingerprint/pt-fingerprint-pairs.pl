#!/usr/bin/perl
# Regenerates pt-query-digest-3.2.1.jsonl from queries.jsonl with the fingerprint() of the installed
# pt-query-digest (Debian 12: apt-get install percona-toolkit, version 3.2.1):
#   perl pt-fingerprint-pairs.pl < queries.jsonl > pt-query-digest-3.2.1.jsonl
# Input: one JSON string (an SQL statement) per line. Output: {"sql", "fingerprint", "id"} per line,
# id being pt's query id (upper-case MD5 of the fingerprint). The tests never run pt themselves.
use strict; use warnings;
use JSON::PP;
use Digest::MD5 qw(md5_hex);
my $src = do { local $/; open my $f, '<', '/usr/bin/pt-query-digest' or die $!; <$f> };
my $start = index($src, "{\npackage QueryRewriter;");
my $end = index($src, "# End QueryRewriter package");
die "no QueryRewriter package in pt-query-digest" if $start < 0 || $end < 0;
{ no warnings; eval substr($src, $start, $end - $start) . "; 1" or die $@; }
my $qr = QueryRewriter->new();
my $out = JSON::PP->new->canonical->ascii;
my $in = JSON::PP->new->allow_nonref;
while (my $line = <STDIN>) {
  chomp $line;
  next unless length $line;
  my $sql = $in->decode($line);
  utf8::encode($sql);    # pt works on the bytes of the log
  my $fp = $qr->fingerprint($sql);
  my $id = uc md5_hex($fp);
  utf8::decode($fp);
  utf8::decode($sql);
  print $out->encode({sql => $sql, fingerprint => $fp, id => $id}), "\n";
}
